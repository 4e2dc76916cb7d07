/**
 * The parse worker: reads the API's answers with the shared zod schemas off the page's main
 * thread (parse-jobs.ts says why). parse.ts starts it and posts one job per answer; each job is
 * answered with its id, the parsed value or the refusal.
 */
import './zod-browser.ts';
import { ParseRefusal } from './api-error.ts';
import { runJob, type ParseJob } from './parse-jobs.ts';

export interface JobMessage {
  id: number;
  job: ParseJob;
}

export type AnswerMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; refused: boolean; message: string; issues: readonly unknown[] };

// The worker's global scope, typed by what is used of it (the project's lib is the page's DOM).
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<JobMessage>) => void) | null;
  postMessage(message: AnswerMessage): void;
};

scope.onmessage = ({ data: { id, job } }) => {
  runJob(job).then(
    (value) => scope.postMessage({ id, ok: true, value }),
    (error: unknown) =>
      scope.postMessage({
        id,
        ok: false,
        refused: error instanceof ParseRefusal,
        message: error instanceof Error ? error.message : String(error),
        issues: error instanceof ParseRefusal ? error.issues : [],
      }),
  );
};
