import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { messages } from '../../../src/shared/messages.ts';
import { HttpError } from '../../http-errors.ts';

/**
 * Optimistic concurrency for Spotlight records, as /api/v1 has it: details send an ETag (a hash of
 * the record as stored); an edit or delete with If-Match answers 412 when the record has changed
 * since. Without If-Match the write goes ahead (last write wins), as before.
 */
export function etagOf(row: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(row)).digest('base64url').slice(0, 27)}"`;
}

export function checkIfMatch(request: FastifyRequest, row: unknown): void {
  const header = request.headers['if-match'];
  // No If-Match writes as before; an empty one names no version and is refused as a stale one.
  if (header === undefined) return;
  const wanted = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (wanted.includes('*') || wanted.includes(etagOf(row))) return;
  throw new HttpError(412, messages.spotlight.stale, { etag: etagOf(row) });
}
