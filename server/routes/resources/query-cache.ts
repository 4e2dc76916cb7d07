/**
 * A list route's query, validated once per distinct query string. Validating a list query is a
 * pure function of its text, and clients repeat the same few (a list's first page, a poll, the
 * next page of a search): the zod parse was about 8% of a list request (the profile in tests/bench/api.ts).
 * Bounded, so many distinct queries cannot grow memory without limit; a refused query is not kept
 * (it throws its 400 each time).
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { parseOr400 } from '../../http-errors.ts';

const LIMIT = 256;

export function cachedQueryParser<Schema extends z.ZodType>(
  schema: Schema,
): (request: FastifyRequest) => Readonly<z.output<Schema>> {
  const parsed = new Map<string, z.output<Schema>>();
  return (request) => {
    const start = request.url.indexOf('?');
    const text = start === -1 ? '' : request.url.slice(start + 1);
    const hit = parsed.get(text);
    if (hit !== undefined) return hit;
    const value = parseOr400(schema, request.query);
    // Shared by every later request with this query: nothing may change it.
    for (const field of Object.values(value as object)) if (Array.isArray(field)) Object.freeze(field);
    Object.freeze(value);
    if (parsed.size >= LIMIT) parsed.clear();
    parsed.set(text, value);
    return value;
  };
}
