/**
 * What `npm run lighthouse` and `scripts/lighthouse-compare.ts` share: the pages people judge the
 * product by, each as the persona who would use it, and one Lighthouse run of a page in a fresh
 * system Chromium at desktop or mobile settings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type RunnerResult } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { hrefOf } from '../src/app/routes/index.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium.ts';
import { apiGet, personaCookie, REPORT_PATH } from './demo-server.ts';
import { MEASURED_ROUTES as ROUTE } from './lighthouse-pages.ts';
import { ROOT } from './lib.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];
export type FormFactor = 'desktop' | 'mobile';

const PERSONA = 'writer@northwind.test';
/** Spotlight is seen as the partner whose Spotlight user is linked; the admin area as a super user. */
const SPOTLIGHT_PERSONA = 'partner@contoso.test';
const ADMIN_PERSONA = 'super@lamp.test';

export interface Target {
  name: string;
  path: string;
  /** Who is signed in; none for the login page. */
  persona: string | null;
}

/**
 * The first asset of the Spotlight persona's company, from the demo data (the Spotlight API needs a
 * token of that service; the fixtures are the same deterministic set the server loads).
 */
function spotlightAssetId(): string {
  const demo = JSON.parse(readFileSync(path.join(ROOT, 'fixtures', 'demo.json'), 'utf8')) as {
    account: { id: string; name: string }[];
    'spotlight-company': { id: string; account: string }[];
    'spotlight-stim': { id: string; company: string }[];
  };
  const contoso = demo.account.find((a) => a.name === 'Contoso Partners');
  const company = demo['spotlight-company'].find((c) => c.account === contoso?.id);
  const stim = demo['spotlight-stim'].find((s) => s.company === company?.id);
  if (!stim) throw new Error('The demo data has no Spotlight asset for Contoso Partners');
  return stim.id;
}

/** The pages, in the order they run; the dashboard is the first live measurement with figures. */
export async function targets(base: string): Promise<Target[]> {
  const measurements = await apiGet<{ data: { id: string; status: string; impressions: number | null }[] }>(
    base,
    await personaCookie(base, PERSONA),
    '/api/v1/measurement?limit=100',
  );
  const measurement = measurements.data.find((m) => m.status === 'live' && (m.impressions ?? 0) > 0);
  if (!measurement) throw new Error('The demo data has no live measurement');
  return [
    { name: 'login', path: '/login', persona: null },
    { name: 'home', path: hrefOf(ROUTE.home), persona: PERSONA },
    { name: 'dashboard', path: hrefOf(ROUTE.dashboard, { measurementId: measurement.id }), persona: PERSONA },
    // The reports route with a month, every measurement and a breakdown chosen.
    { name: 'report', path: REPORT_PATH, persona: PERSONA },
    { name: 'asset', path: hrefOf(ROUTE.asset, { assetId: spotlightAssetId() }), persona: SPOTLIGHT_PERSONA },
    { name: 'activations', path: hrefOf(ROUTE.activations), persona: PERSONA },
    { name: 'admin', path: hrefOf(ROUTE.admin), persona: ADMIN_PERSONA },
  ];
}

/** The targets an argument list names (page names), all when it names none. */
export function chosen(all: Target[], args: readonly string[]): Target[] {
  const only = new Set(args);
  return all.filter((t) => !all.some((a) => only.has(a.name)) || only.has(t.name));
}

/** Sessions by persona, signed in once per server. */
export function sessions(base: string): (persona: string) => Promise<string> {
  const cookies = new Map<string, Promise<string>>();
  return (persona) => {
    if (!cookies.has(persona)) cookies.set(persona, personaCookie(base, persona));
    return cookies.get(persona) as Promise<string>;
  };
}

/**
 * The mobile simulation's CPU slowdown: Lighthouse's 4× unless LAMP_LIGHTHOUSE_CPU says otherwise.
 * Lighthouse multiplies the tasks it saw on this machine, so a machine twice as fast (its
 * `benchmarkIndex`, the `bench` column) sees half the blocking time. To see a page as a slower
 * machine would, scale the 4× by the ratio: on a machine of bench 3500, `LAMP_LIGHTHOUSE_CPU=9`
 * stands for one of bench ~1500.
 */
export function mobileThrottling(setting = process.env.LAMP_LIGHTHOUSE_CPU): Flags['throttling'] {
  const multiplier = setting ? Number(setting) : throttling.mobileSlow4G.cpuSlowdownMultiplier;
  if (!(multiplier >= 1)) throw new Error(`LAMP_LIGHTHOUSE_CPU must be a number of at least 1, not "${setting}"`);
  return { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier };
}

/** One Lighthouse run of a page, in a fresh browser: no cache or storage carried from another run. */
export async function audit(
  base: string,
  target: Target,
  formFactor: FormFactor,
  cookieOf: (persona: string) => Promise<string>,
): Promise<RunnerResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const extraHeaders = target.persona ? { Cookie: await cookieOf(target.persona) } : undefined;
    const config: Config | undefined = formFactor === 'desktop' ? desktopConfig : undefined;
    // A trace that fails to record (NO_NAVSTART on a busy machine) is retried once.
    const run = () =>
      lighthouse(
        `${base}${target.path}`,
        {
          port: chrome.port,
          output: 'html',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          extraHeaders,
          ...(formFactor === 'mobile' ? { throttling: mobileThrottling() } : {}),
        },
        config,
      );
    let result = await run();
    if (result?.lhr.runtimeError) result = await run();
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    return result;
  } finally {
    chrome.kill();
  }
}

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
} as const;

/**
 * One run's figures. `bench` is Lighthouse's own measure of this machine's CPU (its
 * `benchmarkIndex`): the mobile simulation multiplies the tasks it saw by four whatever the
 * machine, so a slower or busier machine scores lower on the same build. It travels with every
 * figure so that two machines' tables can be told apart.
 */
export type Figures = Record<'score' | keyof typeof METRICS | 'load' | 'bench', number>;

export function figures({ lhr }: RunnerResult, load: number): Figures {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? 0,
    FCP: metric(METRICS.FCP),
    LCP: metric(METRICS.LCP),
    TBT: metric(METRICS.TBT),
    SI: metric(METRICS.SI),
    load,
    bench: lhr.environment.benchmarkIndex,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

export const FIGURE_COLUMNS = ['score', 'FCP', 'LCP', 'TBT', 'SI', 'load', 'bench'] as const;

/** A figure as the tables print it: scores to two places, times in ms, the load to one place. */
export function formatFigure(column: (typeof FIGURE_COLUMNS)[number], value: number): string {
  if (column === 'score') return value.toFixed(2);
  if (column === 'load') return value.toFixed(1);
  if (column === 'bench') return value.toFixed(0);
  return `${value.toFixed(0)} ms`;
}
