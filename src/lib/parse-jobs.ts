/**
 * The work of reading the API's answers with the shared zod schemas, named by what is read (the
 * current user, a resource's rows, an endpoint's answer), so that it can run in the parse worker
 * (parse-worker.ts) as well as in the page (parse.ts runs it here where there is no worker).
 *
 * Why a worker: making the schemas is the page's biggest task before its first data. zod builds
 * every schema as an object with its methods, and the current user, the accounts and the registry
 * made over 450 of them on the home page's first load: about 270 ms of a phone's main thread
 * (Lighthouse's 4× CPU) in two long tasks, with nothing shown meanwhile. In a worker the page only
 * posts the answer and takes the result back.
 *
 * Every job's answer is plain data (what zod's output is), so it crosses the worker boundary
 * unchanged. A refused value is a ParseRefusal, with zod's message and issues.
 */
import type { EndpointName } from '../shared/endpoints/routes.ts';
import { declarationOf } from './endpoint-areas.ts';
import { loadSchemas, loadSessionSchema } from './schemas.ts';

export type ParseJob =
  | { kind: 'user'; value: unknown }
  | { kind: 'rows'; resource: string; values: readonly unknown[] }
  | { kind: 'answer'; endpoint: EndpointName; value: unknown }
  /** Loads an endpoint's schemas ahead of its answer (while the call is under way). */
  | { kind: 'prepare'; endpoint: EndpointName };

/** A value its schema refuses: the API broke its contract (never a person's mistake). */
export class ParseRefusal extends Error {
  override name = 'ParseRefusal';
  readonly issues: readonly unknown[];
  constructor(message: string, issues: readonly unknown[] = []) {
    super(message);
    this.issues = issues;
  }
}

type Parser = {
  safeParse(
    value: unknown,
  ): { success: true; data: unknown } | { success: false; error: Error & { issues: unknown[] } };
};

function parseWith(schema: Parser, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ParseRefusal(result.error.message, result.error.issues);
}

export async function runJob(job: ParseJob): Promise<unknown> {
  switch (job.kind) {
    case 'user':
      return parseWith((await loadSessionSchema()).userRow, job.value);
    case 'rows': {
      // The accounts are read as the app starts: their schema comes with the user's, without
      // waiting for the registry's chunk. It is the registry's own row schema.
      const schema =
        job.resource === 'account'
          ? (await loadSessionSchema()).accountRow
          : (await loadSchemas()).schemaFor(job.resource);
      if (!schema) throw new ParseRefusal(`${job.resource} is not a resource`);
      return job.values.map((value) => parseWith(schema, value));
    }
    case 'answer': {
      // An endpoint that declares no answer schema answers nothing the app reads.
      const schema = (await declarationOf(job.endpoint)).answer;
      return schema ? parseWith(schema, job.value) : null;
    }
    case 'prepare':
      await declarationOf(job.endpoint);
      return null;
  }
}
