/**
 * The HTTP headers the browser's API client and the test harness send and read beyond the
 * CORS-safelisted ones. A front end on another origin (a CDN) can send and read only what the
 * API's CORS answer names, so the server allows exactly these (server/plugins/cors.ts).
 * No zod here: the API client imports this module and stays out of the schema chunk.
 */

/** The header that names a request's test sandbox (it wins over the cookie). */
export const SANDBOX_HEADER = 'x-lamp-sandbox';
/** RFC 7240 preferences: the test harness's one-off faults (src/shared/schemas/test-traffic.ts). */
export const PREFER_HEADER = 'prefer';
export const PREFERENCE_APPLIED_HEADER = 'preference-applied';
/** Spotlight calls (§7): the LAMP account a root user is looking at. */
export const SWITCHED_COMPANY_HEADER = 'x-switched-company';
/** Optimistic concurrency: a row's version comes as ETag and goes back as If-Match. */
export const ETAG_HEADER = 'etag';
export const IF_MATCH_HEADER = 'if-match';
/**
 * Demo and test modes: what the server's clock reads, on an API answer whose sandbox clock is
 * not the real time (test mode's fixed clock, a clock a test set), so the pages date 'today' by it.
 */
export const CLOCK_HEADER = 'x-lamp-clock';
/** A list's total when the answer's body holds only a page (§7). */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** Request headers a page sends to the API that are not CORS-safelisted. */
export const CLIENT_REQUEST_HEADERS = [
  // application/json is not a safelisted content type.
  'content-type',
  IF_MATCH_HEADER,
  // Spotlight's bearer token.
  'authorization',
  SWITCHED_COMPANY_HEADER,
  // A browser test's context sends these with every request.
  SANDBOX_HEADER,
  PREFER_HEADER,
] as const;

/** Response headers a page reads. */
export const CLIENT_READ_HEADERS = [
  ETAG_HEADER,
  TOTAL_COUNT_HEADER,
  PREFERENCE_APPLIED_HEADER,
  CLOCK_HEADER,
  // A download's file name.
  'content-disposition',
] as const;
