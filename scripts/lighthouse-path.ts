/**
 * Why Lighthouse's mobile figures are what they are. Lighthouse does not time a phone: it loads the
 * page once on this machine, then simulates the load (Lantern: 150 ms round trips, 1.6 Mbps, six
 * connections, a 4× slower CPU) from the requests and tasks it saw. This runs one of
 * `npm run lighthouse`'s pages and prints the first and largest paint as this machine saw them
 * (the simulation counts every request that ended before that largest paint, needed or not) and
 * the element painted, then, from that simulation:
 *
 * - the largest paint's critical path: each request and task the paint waited on, with its
 *   simulated start and end (a request that starts long after the one before it was queued behind
 *   others on the six connections);
 * - with `--all`, every request and task of that simulation, in the order they started;
 * - the tasks over 50 ms that the total blocking time counts, with what each observed task ran.
 *
 * `node scripts/lighthouse-path.ts <page> [dist] [--all] [--events]` (page names as in `npm run
 * lighthouse`; `dist` serves another build, e.g. main's copied aside; LAMP_LIGHTHOUSE_CPU sets the
 * CPU slowdown, scripts/lighthouse-run.ts).
 */
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { demoServer } from './demo-server.ts';
import { audit, chosen, mobileThrottling, sessions, targets } from './lighthouse-run.ts';

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string; lineNumber?: number } };
}
interface GraphNode {
  type: 'network' | 'cpu';
  duration: number;
  request: { url: string; priority: string; transferSize: number };
  event: TraceEvent;
  childEvents: TraceEvent[];
  getDependencies(): GraphNode[];
}
interface Timing {
  startTime: number;
  endTime: number;
}
type Simulations = Map<string, Map<GraphNode, Timing>>;

const args = process.argv.slice(2);
const showAll = args.includes('--all');
const showEvents = args.includes('--events');
const [pageName, staticDir] = args.filter((arg) => !arg.startsWith('--'));
if (!pageName) {
  console.error('Usage: node scripts/lighthouse-path.ts <page> [dist] [--all] [--events]');
  process.exit(1);
}

const fileOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80);
const describe = (node: GraphNode) =>
  node.type === 'network'
    ? `${fileOf(node.request.url)} (${node.request.priority}, ${Math.round(node.request.transferSize / 1024)} KB)`
    : `task of ${Math.round(node.duration / 1000)} ms on this machine`;
const span = ({ startTime, endTime }: Timing) =>
  `${String(Math.round(startTime)).padStart(5)}–${String(Math.round(endTime)).padStart(5)} ms`;

/** The chain that ended last: from the last node back through the dependency that ended last. */
function criticalPath(timings: Map<GraphNode, Timing>): GraphNode[] {
  let node = [...timings].sort((a, b) => b[1].endTime - a[1].endTime)[0]?.[0];
  const path: GraphNode[] = [];
  while (node) {
    path.unshift(node);
    const before = node.getDependencies().filter((d) => timings.has(d));
    node = before.sort((a, b) => timings.get(b)!.endTime - timings.get(a)!.endTime)[0];
  }
  return path;
}

/**
 * What an observed task ran: its trace events over 2 ms, summed by name and script (nested events
 * each count: a FunctionCall holds the compiles and collections under it). With `--events`, every
 * name, not only the page's own work: a task the long-tasks audit leaves unattributed (styles
 * parsed, fonts matched, the collector) shows what it was.
 */
const KNOWN = /^(ParseHTML|EvaluateScript|v8\.evaluateModule|FunctionCall|UpdateLayoutTree|Layout|MinorGC|MajorGC)$/;
function contents(node: GraphNode): string {
  const totals = new Map<string, number>();
  for (const e of node.childEvents) {
    if ((e.dur ?? 0) <= 2000 || (!showEvents && !KNOWN.test(e.name)) || e.name === 'RunTask') continue;
    const line = e.name === 'EvaluateScript' && e.args?.data?.lineNumber ? `:${e.args.data.lineNumber}` : '';
    const key = `${e.name} ${(e.args?.data?.url ?? '').split('/').pop()}${line}`.trim();
    totals.set(key, (totals.get(key) ?? 0) + (e.dur ?? 0));
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, showEvents ? 10 : 6)
    .map(([key, dur]) => `${key} ${Math.round(dur / 1000)} ms`)
    .join('; ');
}

const server = await demoServer(staticDir ? { staticDir } : {});
try {
  const [target] = chosen(await targets(server.base), [pageName]);
  if (!target) throw new Error(`No page named ${pageName}`);
  const { lhr } = await audit(server.base, target, 'mobile', sessions(server.base));
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  console.log(
    `${target.name} (${target.path}), mobile: performance ${lhr.categories.performance?.score}, ` +
      `LCP ${metric('largest-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms`,
  );
  // What the simulation starts from: the paint as this machine saw it, and what it painted.
  const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
  const element = (
    lhr.audits['lcp-breakdown-insight']?.details as { items?: { type: string; snippet?: string }[] } | undefined
  )?.items?.find((item) => item.type === 'node')?.snippet;
  console.log(
    `Observed here: first paint ${Math.round(observed?.observedFirstContentfulPaint ?? Number.NaN)} ms, ` +
      `largest paint ${Math.round(observed?.observedLargestContentfulPaint ?? Number.NaN)} ms: ${(element ?? '?').slice(0, 120)}`,
  );
  const simulations = (Lantern as unknown as { Simulation: { Simulator: { allNodeTimings: Simulations } } }).Simulation
    .Simulator.allNodeTimings;
  const lcp = simulations.get('optimisticLargestContentfulPaint');
  if (lcp) {
    console.log('\nThe largest paint waited on (optimistic simulation):');
    for (const node of criticalPath(lcp)) console.log(`  ${span(lcp.get(node)!)}  ${describe(node)}`);
    if (showAll) {
      console.log('\nEvery request and task of that simulation:');
      for (const [node, timing] of [...lcp].sort((a, b) => a[1].startTime - b[1].startTime))
        console.log(`  ${span(timing)}  ${describe(node)}`);
    }
  }
  const blocking = simulations.get('optimisticTotalBlockingTime');
  if (blocking) {
    console.log(
      `\nTasks over 50 ms in the blocking-time simulation (${mobileThrottling()?.cpuSlowdownMultiplier}× CPU; only what runs after the first paint counts):`,
    );
    for (const [node, timing] of [...blocking].sort((a, b) => a[1].startTime - b[1].startTime)) {
      if (node.type !== 'cpu' || timing.endTime - timing.startTime <= 50) continue;
      console.log(`  ${span(timing)}  ${Math.round(timing.endTime - timing.startTime)} ms: ${contents(node)}`);
    }
  }
} finally {
  await server.stop();
}
