/**
 * The answer of a fault that answers (server/plugins/test-traffic.ts applies it): a status with
 * the API's error body, or a stub's own body (JSON as given, or raw text: empty, malformed,
 * HTML), its headers, and optionally a slow stream of that body in chunks, as a struggling
 * upstream sends it. Sent as bytes, never through a route's response schema, which must not
 * reshape what the test asked for.
 */
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FaultAnswer } from './faults.ts';

/** The error shape of every API error, with a message saying the fault was simulated. */
function errorBody(status: number, source: string, message?: string) {
  const reason = STATUS_CODES[status] ?? 'Error';
  return { statusCode: status, error: reason, message: message ?? `Simulated fault: ${status} ${reason} (${source})` };
}

/** The body's chunks, each `delayMs` after the one before (the first at once). */
function slowly(text: string, chunkBytes: number, delayMs: number): Readable {
  const bytes = Buffer.from(text);
  let offset = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Readable({
    read() {
      if (offset >= bytes.length) return void this.push(null);
      const chunk = bytes.subarray(offset, offset + chunkBytes);
      const first = offset === 0;
      offset += chunk.length;
      if (first) return void this.push(chunk);
      timer = setTimeout(() => this.push(chunk), delayMs);
    },
    destroy(error, callback) {
      clearTimeout(timer);
      callback(error);
    },
  });
}

export function sendFaultAnswer(reply: FastifyReply, source: string, outcome: FaultAnswer) {
  const { status, headers = {} } = outcome;
  const json =
    outcome.body !== undefined
      ? outcome.body
      : outcome.bodyText === undefined && status >= 400
        ? errorBody(status, source, outcome.message)
        : undefined;
  const text = json !== undefined ? JSON.stringify(json) : outcome.bodyText;
  reply.code(status);
  const named = new Set(Object.keys(headers).map((name) => name.toLowerCase()));
  if (!named.has('content-type') && text !== undefined)
    void reply.type(json !== undefined ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8');
  for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  if (text === undefined) return reply.send();
  if (outcome.stream) return reply.send(slowly(text, outcome.stream.chunk_bytes, outcome.stream.chunk_delay));
  return reply.send(text);
}
