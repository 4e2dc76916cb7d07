import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS, FIXTURE_NOW } from '../src/shared/demo-data.ts';
import { hostName } from './test-control.ts';

/**
 * Server configuration, read once from the environment. Every variable has a default that makes
 * `npm start` work on a fresh machine; production refuses to start without real secrets.
 * The README's configuration table documents each variable.
 */
const csv = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const boolish = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  /** demo: persona picker, outbox page, test control; test: the same, quiet logs, memory store. */
  LAMP_MODE: z.enum(['demo', 'test', 'production']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Folder for the persistent store; empty keeps everything in memory. */
  LAMP_DATA_DIR: z.string().optional(),
  LAMP_STATIC_DIR: z.string().default('dist'),
  /** false in `npm run dev`, where Astro's dev server serves the front end. */
  LAMP_SERVE_STATIC: boolish.default(true),
  /** How many measurements the fixture generator makes; unset means the committed demo set. */
  LAMP_FIXTURE_SCALE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** The change log's size in bytes that starts a fold into a new snapshot; unset: half the snapshot, at least 4 MB. */
  LAMP_STORE_FOLD_BYTES: z.coerce.number().int().min(1).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  LINK_SECRET: z.string().min(32).optional(),
  LAMP_PRODUCT_OWNER_ACCOUNTS: csv.optional(),
  LAMP_CONTRACT_EXEMPT_ACCOUNTS: csv.optional(),
  /** Origins allowed to call the API with credentials (a CDN-hosted front end). */
  LAMP_CORS_ORIGINS: csv.optional(),
  LAMP_TRUST_PROXY: boolish.optional(),
  /** Where users reach LAMP: the base of every link in an e-mail. */
  LAMP_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://lamp.example.com' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  /** Lets test control answer other machines that send it (demo containers under remote tests). */
  LAMP_TEST_CONTROL_TOKEN: z.string().min(32).optional(),
  /**
   * Host names besides localhost, 127.0.0.0/8 and [::1] at which this machine's own clients may
   * use test control without the token (a name of the operator's that resolves here).
   */
  LAMP_TEST_CONTROL_HOSTS: csv.optional(),
  /** How many test sandboxes may exist at once (demo and test modes). */
  LAMP_MAX_SANDBOXES: z.coerce.number().int().min(1).max(1000).default(32),
  /**
   * How many of those one client (one address) may hold, below the total so that one client
   * cannot take them all; unset: half the total.
   */
  LAMP_MAX_SANDBOXES_PER_CLIENT: z.coerce.number().int().min(1).max(1000).optional(),
  /** The most an account's uploaded Spotlight files may take together, in MB. */
  LAMP_UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** The most a test sandbox's uploaded files may take together, in MB (demo and test modes). */
  LAMP_SANDBOX_UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(100),
  /** A test sandbox unused this many minutes is dropped. */
  LAMP_SANDBOX_IDLE_MINUTES: z.coerce
    .number()
    .positive()
    .max(7 * 24 * 60)
    .default(30),
  /** How many requests each sandbox's journal keeps (demo and test modes); the oldest make way. */
  LAMP_JOURNAL_LIMIT: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * Test mode's clock at start and after each reset: an ISO instant it runs on from, or `real`.
   * Unset: the fixtures' own moment, so a test reads the same figures on any day.
   */
  LAMP_TEST_CLOCK: z
    .union([
      z.literal('real'),
      z.iso.datetime({ offset: true, error: 'must be an ISO instant such as 2026-11-01T09:00:00Z, or real' }),
    ])
    .optional(),
  /** How many days the audit trail keeps a record (pruned at start and daily). */
  LAMP_AUDIT_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
});

export type Mode = 'demo' | 'test' | 'production';

export interface Config {
  mode: Mode;
  port: number;
  host: string;
  logLevel: string;
  dataDir: string | null;
  staticDir: string;
  serveStatic: boolean;
  fixtureScale: number | null;
  /** The change log's size that starts a fold (server/store/README.md); null: the store's default. */
  storeFoldBytes: number | null;
  sessionSecret: string;
  linkSecret: string;
  productOwnerAccountIds: string[];
  contractExemptAccountIds: string[];
  corsOrigins: string[];
  trustProxy: boolean;
  /** The base of links in e-mails, without a trailing slash (never taken from a request). */
  publicUrl: string;
  /** The token of the x-lamp-test-control-token header; null: loopback clients only. */
  testControlToken: string | null;
  /** Host names (lower case, no port) besides the loopback ones at which test control answers. */
  testControlHosts: string[];
  /** How many test sandboxes may exist at once; past it, a new one gets 429. */
  maxSandboxes: number;
  /** How many of them one client address may hold (below maxSandboxes); past it, 429. */
  maxSandboxesPerClient: number;
  /** Bytes an account's uploaded Spotlight files may take together; past it, an upload gets 413. */
  uploadQuotaBytes: number;
  /** Bytes a test sandbox's uploaded files may take together; past it, an upload gets 413. */
  sandboxUploadQuotaBytes: number;
  /** A test sandbox unused this many minutes is dropped. */
  sandboxIdleMinutes: number;
  /** Requests kept per sandbox journal. */
  journalLimit: number;
  /** Days an audit record is kept (server/plugins/audit.ts). */
  auditDays: number;
  /**
   * Where every sandbox's clock starts, and returns to at a reset (epoch ms, running on from
   * there); null: the machine's time. Test mode only: demo mode's data moves to today instead.
   */
  testClock: number | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const PRODUCTION_NEEDS_DATA_DIR =
  'LAMP_DATA_DIR is required in production mode: a folder on persistent storage (the container mounts /data).';

const MB = 1024 * 1024;

/**
 * Sandboxes one client may hold: below the total, so that one client (a runaway suite, anyone who
 * reaches test control) cannot take every sandbox and leave the next run 429s; half by default.
 */
function sandboxesPerClient(total: number, perClient: number | undefined): number {
  if (perClient === undefined) return Math.max(1, Math.floor(total / 2));
  if (total > 1 && perClient >= total)
    throw new ConfigError(
      `LAMP_MAX_SANDBOXES_PER_CLIENT (${perClient}) must be below LAMP_MAX_SANDBOXES (${total}), so that one client cannot take every sandbox.`,
    );
  return Math.min(perClient, total);
}

/**
 * Where e-mail links go without LAMP_PUBLIC_URL: this server, right only when it serves the pages,
 * at the address the start banner prints (127.0.0.1 by default). A link on another host name
 * (localhost) would open a browser without the cookies it has for this one: the sandbox's and
 * the session's.
 */
export function defaultPublicUrl(port: number, host = '127.0.0.1'): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const mode: Mode = e.LAMP_MODE ?? (e.NODE_ENV === 'production' ? 'production' : 'demo');
  if (mode === 'production' && (!e.SESSION_SECRET || !e.LINK_SECRET)) {
    throw new ConfigError('SESSION_SECRET and LINK_SECRET (32+ characters each) are required in production mode.');
  }
  if (mode === 'production' && !e.LAMP_PUBLIC_URL) {
    throw new ConfigError('LAMP_PUBLIC_URL is required in production mode: the base of the links in e-mails.');
  }
  if (mode === 'production' && !e.LAMP_DATA_DIR) {
    // A production store in memory would lose every change at the next restart.
    throw new ConfigError(PRODUCTION_NEEDS_DATA_DIR);
  }
  // Outside production, secrets are generated per process: sessions simply end at a restart.
  if (e.LAMP_TEST_CLOCK !== undefined && mode !== 'test') {
    // Demo mode's data is retold on the real today (server/store/demo-days.ts): a clock elsewhere
    // would put 'last 7 days' beside days without data. Production's time is the world's.
    throw new ConfigError(`LAMP_TEST_CLOCK applies to test mode only (LAMP_MODE=test); this start is in ${mode} mode.`);
  }
  const secret = () => randomBytes(32).toString('hex');
  const dataDir = e.LAMP_DATA_DIR ?? (mode === 'demo' ? 'data' : '');
  return {
    mode,
    port: e.PORT,
    host: e.HOST,
    // Production logs every request; demo and test runs only what needs attention (the start
    // banner says how to see more), so a first `npm start` is not a wall of JSON.
    logLevel: e.LOG_LEVEL ?? (mode === 'production' ? 'info' : 'warn'),
    dataDir: dataDir ? path.resolve(dataDir) : null,
    staticDir: path.resolve(e.LAMP_STATIC_DIR),
    serveStatic: e.LAMP_SERVE_STATIC,
    fixtureScale: e.LAMP_FIXTURE_SCALE ?? null,
    storeFoldBytes: e.LAMP_STORE_FOLD_BYTES ?? null,
    sessionSecret: e.SESSION_SECRET ?? secret(),
    linkSecret: e.LINK_SECRET ?? secret(),
    productOwnerAccountIds: e.LAMP_PRODUCT_OWNER_ACCOUNTS ?? DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS,
    contractExemptAccountIds: e.LAMP_CONTRACT_EXEMPT_ACCOUNTS ?? DEFAULT_PRODUCT_OWNER_ACCOUNT_IDS,
    corsOrigins: e.LAMP_CORS_ORIGINS ?? [],
    trustProxy: e.LAMP_TRUST_PROXY ?? false,
    publicUrl: e.LAMP_PUBLIC_URL ?? defaultPublicUrl(e.PORT, e.HOST),
    testControlToken: e.LAMP_TEST_CONTROL_TOKEN ?? null,
    testControlHosts: testControlHosts(e.LAMP_TEST_CONTROL_HOSTS ?? []),
    maxSandboxes: e.LAMP_MAX_SANDBOXES,
    maxSandboxesPerClient: sandboxesPerClient(e.LAMP_MAX_SANDBOXES, e.LAMP_MAX_SANDBOXES_PER_CLIENT),
    uploadQuotaBytes: e.LAMP_UPLOAD_QUOTA_MB * MB,
    sandboxUploadQuotaBytes: e.LAMP_SANDBOX_UPLOAD_QUOTA_MB * MB,
    sandboxIdleMinutes: e.LAMP_SANDBOX_IDLE_MINUTES,
    journalLimit: e.LAMP_JOURNAL_LIMIT,
    auditDays: e.LAMP_AUDIT_DAYS,
    testClock: mode === 'test' ? testClockStart(e.LAMP_TEST_CLOCK) : null,
  };
}

/** Test mode's starting clock: the fixtures' moment unless LAMP_TEST_CLOCK names another, or `real`. */
export function testClockStart(setting: string | undefined): number | null {
  if (setting === 'real') return null;
  return setting === undefined ? FIXTURE_NOW : Date.parse(setting);
}

/** LAMP_TEST_CONTROL_HOSTS as the host names a Host header is compared with. */
function testControlHosts(entries: string[]): string[] {
  return entries.map((entry) => {
    const name = hostName(entry);
    if (name === null) throw new ConfigError(`LAMP_TEST_CONTROL_HOSTS: ${JSON.stringify(entry)} is not a host name`);
    return name;
  });
}

/** Demo and test runs get the persona picker, the outbox and the test-control API. */
export function isDemoLike(config: Pick<Config, 'mode'>): boolean {
  return config.mode === 'demo' || config.mode === 'test';
}
