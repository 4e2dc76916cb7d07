/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn (bench:soak's mix). */
    requests?: Request[];
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Returns the request to send, e.g. with a fresh body. */
    setupRequest?: (request: Request) => Request;
  }
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    /** For `requests`: how many were made in all. */
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Responses by status code, e.g. statusCodeStats['201'].count. */
    statusCodeStats: Record<string, { count: number } | undefined>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
