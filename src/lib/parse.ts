/**
 * Reads the API's answers with the shared schemas in the parse worker (parse-worker.ts), so that
 * making zod's schemas never holds the page's main thread (parse-jobs.ts says why). Where no
 * worker can run (a test's DOM, a browser that refuses it), the same jobs run in the page, with
 * the same results.
 *
 * The worker is started by `startParser()` as the app starts (App.tsx; app.html preloads its code),
 * or else by the first job.
 */
import type { EndpointName } from '../shared/endpoints/routes.ts';
import type { AnswerMessage, JobMessage } from './parse-worker.ts';
import { ParseRefusal } from './api-error.ts';
import { trackCall } from './reads-in-flight.ts';
import type { ParseJob, SpotlightSchema } from './parse-jobs.ts';

export { ParseRefusal };

/** The jobs run in the page: loaded only where no worker runs (they bring zod and the registry). */
const runJob = (job: ParseJob) => import('./parse-jobs.ts').then((jobs) => jobs.runJob(job));

interface Pending {
  job: ParseJob;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** undefined: not started yet; null: none (jobs run in the page). */
let worker: Worker | null | undefined;
const pending = new Map<number, Pending>();
let lastId = 0;

function answered({ data }: MessageEvent<AnswerMessage>): void {
  const job = pending.get(data.id);
  if (!job) return;
  pending.delete(data.id);
  if (data.ok) job.resolve(data.value);
  else job.reject(data.refused ? new ParseRefusal(data.message, data.issues) : new Error(data.message));
}

/** The worker could not start or load its code: this page parses in the main thread from now on. */
function failed(event: Event): void {
  event.preventDefault();
  worker?.terminate();
  worker = null;
  const jobs = [...pending.values()];
  pending.clear();
  for (const { job, resolve, reject } of jobs) runJob(job).then(resolve, reject);
}

/** Starts the parse worker (once), so its code is on its way before the first answer arrives. */
export function startParser(): void {
  if (worker !== undefined) return;
  if (typeof Worker === 'undefined') {
    worker = null;
    return;
  }
  try {
    // This exact form (a URL of the module, relative to import.meta.url) is what Vite bundles as a worker.
    worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module', name: 'lamp-parse' });
    worker.addEventListener('message', answered);
    worker.addEventListener('error', failed);
  } catch {
    worker = null;
  }
}

/**
 * Runs a job, counted as a call under way (reads-in-flight.ts) until it answers: an answer is read
 * only once it is parsed, and while the worker parses the page's main thread is idle. Uncounted,
 * that pause let the menus' code (idle.ts) start before the page's first data was drawn, and on a
 * phone's connection those 70 KB came before it (home's largest paint in Lighthouse's simulation:
 * 2.6 s or 3.3 s, depending on which came first on this machine).
 */
function run(job: ParseJob): Promise<unknown> {
  startParser();
  const parser = worker;
  const answer = parser
    ? new Promise((resolve, reject) => {
        const id = ++lastId;
        pending.set(id, { job, resolve, reject });
        parser.postMessage({ id, job } satisfies JobMessage);
      })
    : runJob(job);
  return trackCall(answer);
}

/** The current user as GET /api/v1/current-user answers it (the user's row schema). */
export const parseUser = (value: unknown): Promise<unknown> => run({ kind: 'user', value });

/** Rows of a registry resource, each with its row schema. */
export const parseRows = (resource: string, values: readonly unknown[]): Promise<unknown[]> =>
  run({ kind: 'rows', resource, values }) as Promise<unknown[]>;

/** A named endpoint's answer, with its declared schema (null when it declares none). */
export const parseAnswer = (endpoint: EndpointName, value: unknown): Promise<unknown> =>
  run({ kind: 'answer', endpoint, value });

/** Loads a named endpoint's schemas while its call is under way (a failure shows with the parse). */
export const prepareAnswer = (endpoint: EndpointName): void => void run({ kind: 'prepare', endpoint }).catch(() => {});

/** A Spotlight service answer (a study, an asset, or a page of them), with the service's schema. */
export const parseSpotlight = (schema: SpotlightSchema, value: unknown): Promise<unknown> =>
  run({ kind: 'spotlight', schema, value });
