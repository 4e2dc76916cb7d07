/**
 * How data imports run (server/routes/measurements/import-jobs.ts), shared with the fixture generator so that
 * the demo's in-flight imports sit where the server's own schedule would have put them
 * (fixtures/imports.ts) and its status events read as the server writes them.
 *
 * A job waits, queued, for one of its account's workers; a worker starts it (queued → running),
 * then checks a quarter of its rows per step, one step every importStepMs on the server's clock
 * (the sandbox's clock in tests), and lands the rows or fails with row-level errors.
 */
/**
 * The store's collection of the files of queued and running jobs (one row per job, under the job's id: header, rows),
 * in the fixtures as in a running server's data, so an import survives a restart.
 */
export const IMPORT_FILE_COLLECTION = 'import-job-file';

/** Row errors a job keeps (the count of bad rows in its message covers them all). */
export const IMPORT_MAX_ERRORS_KEPT = 200;

/** Jobs of one account that run at once; the account's other jobs wait, queued. */
export const IMPORT_WORKERS_PER_ACCOUNT = 2;
/** A running job checks its rows in this many steps. */
export const IMPORT_CHECK_STEPS = 4;
/**
 * How fast a worker checks rows: slow enough that a demo, started fresh, still shows its morning's
 * imports queued and running for a few minutes (most take a minute, the longest queue about five).
 */
const ROWS_PER_SECOND = 1;
const MIN_STEP_MS = 10_000;
const MAX_STEP_MS = 60_000;

/** Rows one step checks. */
export function importChunkRows(rowsTotal: number): number {
  return Math.max(1, Math.ceil(rowsTotal / IMPORT_CHECK_STEPS));
}

/** Time between two steps of a running job, on the server's clock. */
export function importStepMs(rowsTotal: number): number {
  const ms = Math.round((importChunkRows(rowsTotal) / ROWS_PER_SECOND) * 1000);
  return Math.min(MAX_STEP_MS, Math.max(MIN_STEP_MS, ms));
}

/** The texts of the status events (import-job-status.message) the server writes. */
export const importStatusText = {
  /** `name`: importJobName (src/shared/import-job-name.ts), the file or the kind of import. */
  queued: (name: string) => `Queued ${name}`,
  running: (rows: number) => `Processing ${rows.toLocaleString('en-GB')} rows`,
  success: (rows: number) => `Imported ${rows.toLocaleString('en-GB')} rows`,
  rowErrors: (bad: number, total: number) =>
    `${bad.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} rows have errors; nothing was imported`,
  fileMismatch: 'The file does not match the upload template',
  interrupted: 'The import was interrupted; upload the file again',
} as const;
