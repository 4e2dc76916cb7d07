/**
 * The server's clock, as the pages date 'today' by it. In production the server follows the real
 * time and says nothing; in demo and test modes a sandbox's clock may be elsewhere (test mode's
 * fixed clock, a clock a test set), and each API answer then carries what it reads
 * (CLOCK_HEADER). A relative range ('last 7 days') computed on the browser's own date would
 * otherwise ask for days the server's data does not have yet, or no longer shows.
 */
import { CLOCK_HEADER } from '../shared/http-headers.ts';

/** The server's clock minus the browser's, in ms, as of the last API answer. */
let offsetMs = 0;

/** Reads an API answer's clock header: its absence means the real time. */
export function noteServerClock(headers: Pick<Headers, 'get'>): void {
  const reading = headers.get(CLOCK_HEADER);
  const at = reading === null ? NaN : Date.parse(reading);
  offsetMs = Number.isNaN(at) ? 0 : at - Date.now();
}

/** Now on the server's clock (epoch ms). */
export function serverNow(): number {
  return Date.now() + offsetMs;
}
