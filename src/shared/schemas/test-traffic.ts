/**
 * Faults and the request journal of the deterministic test backend (demo and test modes
 * only). The server validates with these, the OpenAPI document describes them, and the test
 * client (packages/lamp-testing) takes its types from them.
 *
 * A path pattern is a glob over the request's path (never its query): `*` stands for any
 * characters within one segment, `**` for any characters across segments; anything else is
 * literal. `/api/v1/measurement` matches that path only, `/api/v1/*` every first-level route,
 * `/api/spotlight/**` all of Spotlight.
 */
import { z } from 'zod';
import { isoDateTime } from './common.ts';

export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** The longest delay a fault may add: long enough for any timeout test, short of a stuck server. */
export const MAX_FAULT_DELAY_MS = 60_000;

/** A request body up to this size (by Content-Length) is kept in the journal; a larger one is not. */
export const JOURNAL_BODY_LIMIT_BYTES = 64 * 1024;

/** What replaces the value of a password, secret or token field in the journal. */
export const REDACTED = '[redacted]';

/**
 * Wildcards (`*` or `**`) a path pattern may hold. The server matches in time linear in the path
 * whatever the pattern (server/sandbox/path-pattern.ts); the limit keeps each step cheap, and no
 * real pattern needs more than a few.
 */
export const MAX_PATH_PATTERN_WILDCARDS = 16;

export const PathPatternSchema = z
  .string()
  .min(1)
  .max(300, 'must be at most 300 characters')
  .regex(/^\//, 'must start with /, e.g. /api/v1/measurement or /api/v1/*')
  .refine((pattern) => (pattern.match(/\*\*?/g) ?? []).length <= MAX_PATH_PATTERN_WILDCARDS, {
    message: `must hold at most ${MAX_PATH_PATTERN_WILDCARDS} wildcards (* or **)`,
  });

/** A method in any case (JSON Schema's patterns have no i flag, so each letter is a class). */
const anyCase = (word: string) => [...word].map((c) => `[${c}${c.toLowerCase()}]`).join('');

/**
 * A method name in any case, or '*' for every method: one pattern on the text as sent, so the
 * document lists the methods the server takes.
 */
const methodOrAny = z
  .string()
  .regex(
    new RegExp(`^(${[...FAULT_METHODS.map(anyCase), '\\*'].join('|')})$`),
    `must be one of ${FAULT_METHODS.join(', ')} or *`,
  )
  .transform((method) => method.toUpperCase() as (typeof FAULT_METHODS)[number] | '*');

const delayMs = z
  .number()
  .int('must be a whole number of milliseconds')
  .min(0, 'must not be negative')
  .max(MAX_FAULT_DELAY_MS, `must be at most ${MAX_FAULT_DELAY_MS} ms`);

/** A fixed delay in milliseconds, or a range drawn from the rule's seeded random numbers. */
export const FaultDelaySchema = z.union([
  delayMs,
  z
    .strictObject({ min: delayMs, max: delayMs })
    .refine((range) => range.min <= range.max, { message: 'max must not be below min', path: ['max'] }),
]);

/** A status a fault may answer: any final status (a 2xx or 3xx answers as a stub would). */
export const FaultStatusSchema = z
  .number()
  .int()
  .min(200, 'must be from 200 to 599')
  .max(599, 'must be from 200 to 599');

/** The largest raw stub body: enough for any page of JSON a test hand-writes. */
export const STUB_BODY_LIMIT = 1024 * 1024;

/** Headers a stub may not set: the server frames the answer itself. */
export const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade'] as const;

/** An HTTP header name (RFC 9110 token) to a value without line breaks. */
export const StubHeadersSchema = z
  .record(
    z
      .string()
      .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'must be an HTTP header name')
      .refine((name) => !(FRAMING_HEADERS as readonly string[]).includes(name.toLowerCase()), {
        message: `${FRAMING_HEADERS.join(', ')} are set by the server`,
      }),
    z
      .string()
      .max(8192)
      .regex(/^[^\r\n]*$/, 'must be one line'),
  )
  .refine((headers) => Object.keys(headers).length <= 50, { message: 'at most 50 headers' });

export const StubStreamSchema = z.strictObject({
  chunk_bytes: z.number().int().min(1, 'must be at least 1').max(65_536).default(16),
  chunk_delay: z
    .number()
    .int()
    .min(0, 'must not be negative')
    .max(MAX_FAULT_DELAY_MS, `must be at most ${MAX_FAULT_DELAY_MS} ms`),
});

/** Where faults apply: the API, less the testing routes that control them. */
export const FAULT_SCOPE = { api: '/api/', testing: '/api/v1/testing' } as const;

/**
 * Why a rule's path pattern can never match a request faults apply to, or null. The literal part
 * before the first wildcard decides: a rule on the testing routes, or outside the API, would be
 * accepted and then silently test nothing.
 */
export function unreachable(pattern: string): string | null {
  const star = pattern.indexOf('*');
  const literal = star === -1 ? pattern : pattern.slice(0, star);
  if (literal === FAULT_SCOPE.testing || literal.startsWith(`${FAULT_SCOPE.testing}/`))
    return `faults never apply to the testing routes (${FAULT_SCOPE.testing}/**): choose an API path such as /api/v1/measurement`;
  if (!literal.startsWith(FAULT_SCOPE.api) && !FAULT_SCOPE.api.startsWith(literal))
    return `faults apply to the API only: the pattern must be able to match a path under ${FAULT_SCOPE.api}`;
  return null;
}

/**
 * POST /api/v1/testing/faults: a rule. It matches requests by method and path, and then delays
 * them, answers a status (with a body), or drops the connection: the first `times` matching
 * requests (every one without it), each with the given probability. The rule's random numbers
 * (probability and ranged delays) come from its own generator, seeded by `seed`: the same rule
 * and the same requests give the same faults on every run.
 */
export const FaultRuleBodySchema = z
  .strictObject({
    method: methodOrAny.default('*'),
    path: PathPatternSchema.default('/api/**'),
    delay: FaultDelaySchema.optional(),
    status: FaultStatusSchema.optional(),
    /**
     * The answer's JSON body, sent exactly as given (not wrapped in the error shape: give
     * {statusCode, error, message} yourself when the page should read it as an API error); without
     * it, a status of 400 or more answers the API's error body.
     */
    body: z
      .unknown()
      .optional()
      .describe(
        'The JSON body, sent exactly as given (not wrapped in the error shape {statusCode, error, message}); without it an error status answers the error shape with a "Simulated fault" message',
      ),
    body_text: z
      .string()
      .max(STUB_BODY_LIMIT, `must be at most ${STUB_BODY_LIMIT} characters`)
      .optional()
      .describe(
        'The body as raw text instead of JSON: an empty body (""), malformed JSON, HTML from a proxy. Sent with the content-type headers gives (text/plain without one)',
      ),
    headers: StubHeadersSchema.optional().describe(
      'Headers of the answer (a status is needed): e.g. {"retry-after": "30", "content-type": "application/problem+json"}',
    ),
    stream: StubStreamSchema.optional().describe(
      'Send the body slowly: in chunks of chunk_bytes, chunk_delay ms apart (Transfer-Encoding: chunked)',
    ),
    drop: z.boolean().default(false),
    times: z.number().int().min(1, 'must be at least 1').max(1_000_000).optional(),
    probability: z.number().min(0, 'must be from 0 to 1').max(1, 'must be from 0 to 1').default(1),
    seed: z.number().int().min(0).max(0xffff_ffff).default(1),
  })
  .superRefine((rule, context) => {
    if (rule.drop && rule.status !== undefined)
      context.addIssue({ code: 'custom', path: ['status'], message: 'a dropped connection has no status' });
    for (const field of ['body', 'body_text', 'headers', 'stream'] as const)
      if (rule[field] !== undefined && rule.status === undefined)
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `${field === 'body' ? 'a body' : field} needs a status`,
        });
    if (rule.body !== undefined && rule.body_text !== undefined)
      context.addIssue({ code: 'custom', path: ['body_text'], message: 'give body (JSON) or body_text, not both' });
    if (rule.stream && rule.body === undefined && rule.body_text === undefined)
      context.addIssue({ code: 'custom', path: ['stream'], message: 'a stream needs a body or body_text to send' });
    const reach = unreachable(rule.path);
    if (reach) context.addIssue({ code: 'custom', path: ['path'], message: reach });
    if (!rule.drop && rule.status === undefined && rule.delay === undefined)
      context.addIssue({ code: 'custom', path: [], message: 'A fault needs a delay, a status or drop: true' });
  });
export type FaultRuleBody = z.input<typeof FaultRuleBodySchema>;
export type FaultRuleInput = z.output<typeof FaultRuleBodySchema>;

/** A rule as the API lists it: what was asked, and how often it matched and applied so far. */
export const FaultRuleSchema = z.object({
  id: z.string(),
  created_at: isoDateTime,
  method: z.enum([...FAULT_METHODS, '*']),
  path: z.string(),
  delay: FaultDelaySchema.nullable(),
  status: z.number().int().nullable(),
  body: z.unknown().optional(),
  body_text: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  stream: z.object({ chunk_bytes: z.number().int(), chunk_delay: z.number().int() }).optional(),
  drop: z.boolean(),
  times: z.number().int().nullable(),
  probability: z.number(),
  seed: z.number().int(),
  /** Requests whose method and path matched (whether or not the fault applied). */
  matched: z.number().int(),
  /** Requests the fault applied to. */
  applied: z.number().int(),
  /** How many more times it applies; null without `times`. */
  remaining: z.number().int().nullable(),
});
export type FaultRule = z.infer<typeof FaultRuleSchema>;

export const FaultRuleListSchema = z.object({ data: z.array(FaultRuleSchema), count: z.number().int() });
export const FaultIdParamsSchema = z.object({ id: z.string().min(1).max(40) });

/**
 * The `Prefer` request header's one-off fault (RFC 7240 syntax), for a single request:
 *
 *   Prefer: lamp-status=503                      answer 503 with the API's error body
 *   Prefer: lamp-status=503, lamp-message="Down" ... with that message
 *   Prefer: lamp-delay=300                       answer 300 ms late (with or without a status)
 *   Prefer: lamp-drop                            drop the connection (after lamp-delay, if given)
 *
 * Other preferences are left alone; a malformed lamp-* preference is a 400 naming it. The answer
 * names what applied in `Preference-Applied`.
 */
export { PREFER_HEADER, PREFERENCE_APPLIED_HEADER } from '../http-headers.ts';
export const PREFER_TOKENS = ['lamp-status', 'lamp-delay', 'lamp-drop', 'lamp-message'] as const;

export const PREFER_MAX_LENGTH = 1000;
/**
 * The `Prefer` header as the server takes it on every /api route (demo and test modes), and as the
 * document declares it: up to 1000 characters of visible ASCII, spaces and tabs. A longer or other
 * one is a 400 before anything else reads it.
 */
export const PreferHeaderSchema = z
  .string()
  .max(PREFER_MAX_LENGTH, `Prefer: the header must be at most ${PREFER_MAX_LENGTH} characters`)
  .regex(/^[\t\x20-\x7e]*$/, 'Prefer: the header must be visible ASCII characters, spaces and tabs');

const methodName = `\\s*(${FAULT_METHODS.map(anyCase).join('|')})\\s*`;
/** One method or several, comma-separated: what the journal's filter takes. */
const methodList = new RegExp(`^${methodName}(,${methodName})*$`);

/** GET /api/v1/testing/journal and /journal/count: every filter optional, all must hold. */
export const JournalQuerySchema = z.strictObject({
  /** One method or several, comma-separated (any case). */
  method: z
    .string()
    .max(100)
    .regex(methodList, { error: `must be among ${FAULT_METHODS.join(', ')}` })
    .transform((value) =>
      value
        .toUpperCase()
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(FAULT_METHODS, { error: `must be among ${FAULT_METHODS.join(', ')}` })))
    .optional(),
  /** A path pattern (the same glob as a fault's). */
  path: PathPatternSchema.optional(),
  /** Requests that arrived at this time or later (ISO 8601 with an offset or Z). */
  since: isoDateTime.optional(),
  /** Query parameters the request carried, as a query string: `status=live&limit=5` (each must be there). */
  query: z
    .string()
    .max(1000)
    .refine((text) => new URLSearchParams(text).size > 0, {
      message: 'must be a query string such as status=live&limit=5',
    })
    .optional()
    .describe(
      'Query parameters the request carried, as a URL-encoded query string (status=live&limit=5): each must be there, with that value',
    ),
  /** A request header: `name: value` (that value) or `name` (present); the name in any case. */
  header: z
    .string()
    .max(1000)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+(:.*)?$/, { error: 'must be a header name, or name: value' })
    .optional()
    .describe(
      'A request header: "name: value" (that value, as recorded: redacted ones read [redacted]) or "name" (present)',
    ),
  /** JSON the request body contains: its objects' fields (recursively), equal arrays and values. */
  body: z
    .string()
    .max(10_000)
    .refine(
      (text) => {
        try {
          JSON.parse(text);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be JSON, such as {"name":"Spring"}' },
    )
    .optional()
    .describe('JSON the recorded body contains: every field of an object (recursively), arrays and values equal'),
});

/** One request that reached the API, as its sandbox's journal recorded it. */
export const JournalEntrySchema = z.object({
  /** Increasing within the sandbox's journal (it starts again at 1 when the sandbox is reset). */
  id: z.number().int(),
  /** When the request arrived (the machine's time, not the sandbox clock). */
  at: isoDateTime,
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** The answer's status; null when a fault dropped the connection. */
  status: z.number().int().nullable(),
  /** Milliseconds from arrival to the end of the answer (a fault's delay included). */
  duration_ms: z.number(),
  /**
   * A write's body (POST, PUT, PATCH, DELETE) as the server parsed it, with the values of fields
   * named like password, secret or token replaced by "[redacted]"; null for reads, for a body over
   * the journal's size limit, and for one the server could not parse.
   */
  body: z.unknown(),
  /** The body's size in bytes (Content-Length); null without a body. */
  body_size: z.number().int().nullable(),
  /** The fault rule that applied ('f1'), 'prefer' for a one-off fault, or null. */
  fault: z.string().nullable(),
  /**
   * The request's headers (names in lower case), with cookies, authorization, the test-control
   * token and any header named like password, secret or token replaced by "[redacted]".
   */
  headers: z.record(z.string(), z.string()),
});
export type JournalEntry = z.infer<typeof JournalEntrySchema>;

export const JournalListSchema = z.object({
  data: z.array(JournalEntrySchema),
  count: z.number().int(),
  /** Entries dropped (oldest first) since the journal was last cleared, to keep within its limit. */
  dropped: z.number().int(),
  /** How many entries the journal keeps (LAMP_JOURNAL_LIMIT). */
  limit: z.number().int(),
});
export type JournalList = z.infer<typeof JournalListSchema>;
export const JournalCountSchema = z.object({ count: z.number().int() });
