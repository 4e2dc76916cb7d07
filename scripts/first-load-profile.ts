/**
 * Where a page's first load spends the main thread, as a phone would: one of `npm run lighthouse`'s
 * pages opened in the system Chromium at a phone's width with the CPU slowed four times (as
 * Lighthouse's mobile run counts it), profiled from the navigation until the network is quiet.
 * Prints the long tasks (over 50 ms), the CPU time by chunk, and what each chunk's top-level code
 * (its work at module load) costs with what it calls. A snapshot of one run: compare runs on a
 * quiet machine.
 *
 * `node scripts/first-load-profile.ts <page> [dist]` (page names as in `npm run lighthouse`;
 * `dist` serves another build, e.g. main's copied aside).
 */
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.ts';
import { demoServer } from './demo-server.ts';
import { chosen, sessions, targets } from './lighthouse-run.ts';

const CPU_SLOWDOWN = 4;
const PHONE = { width: 412, height: 823 };

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const fileOf = (url: string) => url.split('/').pop() || '(native)';
const ms = (microseconds: number) => `${(microseconds / 1000).toFixed(0).padStart(5)} ms`;

/** Self time per profile node, in microseconds. */
function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
  return self;
}

/** The summary lines of one profile: time by chunk, and each chunk's module-load work. */
export function summarise(profile: Profile): string[] {
  const self = selfTimes(profile);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const total = (id: number): number =>
    (self.get(id) ?? 0) + (byId.get(id)?.children ?? []).reduce((sum, child) => sum + total(child), 0);
  const byChunk = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)?.callFrame;
    const name = frame?.url ? fileOf(frame.url) : (frame?.functionName ?? '(unknown)');
    byChunk.set(name, (byChunk.get(name) ?? 0) + time);
  }
  // A module's top-level code is the anonymous function at its first character.
  const moduleLoad = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, lineNumber, columnNumber, url } = node.callFrame;
    if (url && !functionName && lineNumber === 0 && columnNumber === 0)
      moduleLoad.set(fileOf(url), (moduleLoad.get(fileOf(url)) ?? 0) + total(node.id));
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .filter(([name]) => name !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `  ${ms(time)}  ${name}`);
  return [
    `CPU time by chunk (×${CPU_SLOWDOWN} slower CPU):`,
    ...top(byChunk, 15),
    'Work at module load (each chunk’s top-level code, with what it calls):',
    ...top(moduleLoad, 10),
  ];
}

async function longTasks(cdp: CDPSession): Promise<string[]> {
  const { result } = (await cdp.send('Runtime.evaluate', {
    expression: 'JSON.stringify(window.__longTasks ?? [])',
  })) as { result: { value: string } };
  const tasks = JSON.parse(result.value) as { start: number; duration: number }[];
  return [
    `Long tasks (over 50 ms): ${tasks.length}, ${tasks.reduce((sum, t) => sum + t.duration, 0).toFixed(0)} ms in all`,
    ...tasks.map((t) => `  at ${t.start.toFixed(0).padStart(5)} ms: ${t.duration.toFixed(0)} ms`),
  ];
}

const [pageName, staticDir] = process.argv.slice(2);
if (!pageName) {
  console.error('Usage: node scripts/first-load-profile.ts <page> [dist]');
  process.exit(1);
}
const server = await demoServer(staticDir ? { staticDir } : {});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const [target] = chosen(await targets(server.base), [pageName]);
  if (!target) throw new Error(`No page named ${pageName}`);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true });
  if (target.persona) {
    const [name = '', ...value] = ((await sessions(server.base)(target.persona)).split(';')[0] ?? '').split('=');
    await context.addCookies([{ name, value: value.join('='), url: server.base }]);
  }
  const page = await context.newPage();
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    Object.assign(window, { __longTasks: tasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.base}${target.path}`, { waitUntil: 'networkidle' });
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  console.log([`${target.name} (${target.path}):`, ...(await longTasks(cdp)), ...summarise(profile)].join('\n'));
} finally {
  await browser.close();
  await server.stop();
}
