import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../../server/http-errors.ts';
import { cachedQueryParser } from '../../../server/routes/resources/query-cache.ts';

const schema = z.object({ limit: z.coerce.number().int().min(1), id: z.array(z.string()).optional() });
let parses = 0;
const counted = schema.transform((value) => {
  parses += 1;
  return value;
});

/** A request as Fastify hands it over: the URL as sent and its parsed query. */
const request = (query: string, parsed: Record<string, unknown>) =>
  ({ url: `/api/v1/measurement${query ? `?${query}` : ''}`, query: parsed }) as unknown as FastifyRequest;

describe('a list query validated once per query string', () => {
  it('answers the same query text with the value it validated before', () => {
    const parse = cachedQueryParser(counted);
    parses = 0;
    const first = parse(request('limit=25&id=a&id=b', { limit: '25', id: ['a', 'b'] }));
    const again = parse(request('limit=25&id=a&id=b', { limit: '25', id: ['a', 'b'] }));
    expect(again).toBe(first);
    expect(first).toEqual({ limit: 25, id: ['a', 'b'] });
    expect(parses).toBe(1);
    parse(request('limit=50', { limit: '50' }));
    expect(parses).toBe(2);
  });

  it('shares a value nothing can change, arrays included', () => {
    const parse = cachedQueryParser(schema);
    const value = parse(request('limit=5&id=x', { limit: '5', id: ['x'] })) as { limit: number; id: string[] };
    expect(() => {
      value.limit = 6;
    }).toThrow(TypeError);
    expect(() => value.id.push('y')).toThrow(TypeError);
  });

  it('refuses a bad query with its 400 every time, and keeps nothing of it', () => {
    const parse = cachedQueryParser(counted);
    parses = 0;
    for (let i = 0; i < 2; i += 1) {
      expect(() => parse(request('limit=0', { limit: '0' }))).toThrow(HttpError);
    }
    expect(parse(request('limit=1', { limit: '1' }))).toEqual({ limit: 1 });
    expect(parses).toBe(1);
  });

  it('keeps at most 256 queries, then starts over', () => {
    const parse = cachedQueryParser(counted);
    parses = 0;
    for (let n = 1; n <= 257; n += 1) parse(request(`limit=${n}`, { limit: String(n) }));
    expect(parses).toBe(257);
    // The 257th cleared the cache and was kept; the first was dropped.
    parse(request('limit=257', { limit: '257' }));
    parse(request('limit=1', { limit: '1' }));
    expect(parses).toBe(258);
  });
});
