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
 *
 * The user's and the registry's schemas are imported, not loaded: the worker makes them as it
 * starts, while the current-user call is under way, and a chain of requests after the worker's
 * own would have held the first data back. Only the endpoints' schemas load by area.
 */
import type { EndpointName } from '../shared/endpoints/routes.ts';
import { ParseRefusal } from './api-error.ts';
import { declarationOf } from './endpoint-areas.ts';
import { schemaFor, userRow } from './schema-bundle.ts';

export type ParseJob =
  | { kind: 'user'; value: unknown }
  | { kind: 'rows'; resource: string; values: readonly unknown[] }
  | { kind: 'answer'; endpoint: EndpointName; value: unknown }
  | { kind: 'spotlight'; schema: SpotlightSchema; value: unknown }
  /** Loads an endpoint's schemas ahead of its answer (while the call is under way). */
  | { kind: 'prepare'; endpoint: EndpointName };

/** The Spotlight service's answers the app parses (src/app/features/spotlight/data.ts). */
export type SpotlightSchema = 'brief' | 'stim' | 'briefPage' | 'stimPage';

// Loaded with the first Spotlight answer: most people never open Spotlight.
let spotlight: Promise<Record<SpotlightSchema, Parser>> | null = null;
const spotlightSchemas = () =>
  (spotlight ??= import('../shared/schemas/spotlight.ts').then(({ brief, stim, spotlightListResponse }) => ({
    brief,
    stim,
    briefPage: spotlightListResponse(brief),
    stimPage: spotlightListResponse(stim),
  })));

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
      return parseWith(userRow, job.value);
    case 'rows': {
      const schema = schemaFor(job.resource);
      if (!schema) throw new ParseRefusal(`${job.resource} is not a resource`);
      return job.values.map((value) => parseWith(schema, value));
    }
    case 'answer': {
      // An endpoint that declares no answer schema answers nothing the app reads.
      const schema = (await declarationOf(job.endpoint)).answer;
      return schema ? parseWith(schema, job.value) : null;
    }
    case 'spotlight':
      return parseWith((await spotlightSchemas())[job.schema], job.value);
    case 'prepare':
      await declarationOf(job.endpoint);
      return null;
  }
}
