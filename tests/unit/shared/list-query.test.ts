import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RESOURCE_NAMES, resources } from '../../../src/shared/schemas/index.ts';
import { listQuery, type ListParams } from '../../../src/shared/list-query-text.ts';
import { listParameterNames, listQuerySchema } from '../../../src/shared/schemas/list-query.ts';

const ID = '650000000000000000000005';
const messagesOf = (name: Parameters<typeof listQuerySchema>[0], query: Record<string, string | string[]>) => {
  const result = listQuerySchema(name).safeParse(query);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the list-query schema of a resource', () => {
  it('is built from the registry: common parameters, account filter, flight dates and filters', () => {
    expect(listParameterNames('measurement')).toEqual([
      'id',
      'limit',
      'skip',
      'sort',
      'search',
      'created_at_gt',
      'created_at_lt',
      'refresh',
      'account',
      'start_date',
      'end_date',
      'label_ids',
      'status',
      'channel',
    ]);
    for (const name of RESOURCE_NAMES) {
      const definition = resources[name];
      const names = listParameterNames(name);
      for (const filter of Object.keys(definition.filters)) expect(names, name).toContain(filter);
      if (definition.accountFilter) expect(names, name).toContain(definition.accountFilter);
      expect(names.includes('start_date'), name).toBe(definition.flightDates);
    }
  });

  it('decodes a query string into typed parameters, with the defaults filled in', () => {
    expect(listQuerySchema('measurement').parse({})).toEqual({
      limit: 5000,
      skip: 0,
      sort: [{ field: 'created_at', direction: 'desc' }],
    });
    const params = listQuerySchema('measurement').parse({
      account: `${ID},null`,
      status: 'live,paused',
      sort: 'asc(name),desc(id)',
      limit: '25',
      skip: '50',
      search: '  spring ',
      created_at_gt: '2026-01-01',
      start_date: '2026-02-01',
      end_date: '2026-02-28',
    });
    expect(params).toMatchObject({
      account: [ID, null],
      status: ['live', 'paused'],
      sort: [
        { field: 'name', direction: 'asc' },
        { field: 'id', direction: 'desc' },
      ],
      limit: 25,
      skip: 50,
      search: 'spring',
      created_at_gt: '2026-01-01T00:00:00.000Z',
      start_date: '2026-02-01',
      end_date: '2026-02-28',
    });
  });

  it('refuses each bad parameter with a message naming it', () => {
    const cases: [Record<string, string | string[]>, string][] = [
      [{ limit: 'abc' }, 'limit: must be a whole number from 0 to 5000'],
      [{ limit: '5001' }, 'limit: must be a whole number from 0 to 5000'],
      [{ skip: '-1' }, 'skip: must be a whole number from 0 to 1000000000'],
      [{ limit: ['1', '2'] }, 'limit: give this parameter once'],
      [{ sort: 'name' }, "sort: 'name' is not like desc(field) or asc(field)"],
      [{ sort: 'desc(password)' }, "sort: cannot sort measurement by 'password'"],
      [{ sort: 'asc(a),asc(b),asc(c),asc(d),asc(e),asc(f)' }, 'sort: at most 5 terms'],
      [{ id: '123' }, "id: '123' must be a 24-character hexadecimal id"],
      [{ account: 'xyz' }, "account: 'xyz' is not a valid id"],
      [{ account: ',' }, 'account: give an account id or null'],
      [{ status: 'archived' }, "status: 'archived' "],
      [{ start_date: 'yesterday' }, 'start_date: must be a date (YYYY-MM-DD)'],
      [{ start_date: '2026-03-01', end_date: '2026-02-01' }, 'end_date: end_date must not be before start_date'],
      [{ created_at_gt: 'soon' }, 'created_at_gt: must be a date (YYYY-MM-DD) or an ISO date-time'],
      [{ search: 'x'.repeat(201) }, 'search: at most 200 characters'],
      [{ bogus: '1' }, 'bogus: not a query parameter of measurement (accepted: id, limit'],
    ];
    for (const [query, message] of cases) {
      const found = messagesOf('measurement', query);
      expect(found.length, JSON.stringify(query)).toBe(1);
      expect(found[0], JSON.stringify(query)).toContain(message);
    }
    // Another resource's parameters are not this one's.
    expect(messagesOf('contract', { account: ID })[0]).toMatch(/^account: not a query parameter of contract/);
  });

  it('builds the query a client sends, which the server decodes back to the same parameters', () => {
    const query = listQuery('measurement', {
      account: [ID, null],
      status: ['live'],
      sort: [{ field: 'name', direction: 'asc' }],
      limit: 25,
      skip: 0,
      start_date: '2026-02-01',
    });
    expect(query).toEqual({
      account: `${ID},null`,
      status: 'live',
      sort: 'asc(name)',
      limit: '25',
      skip: '0',
      start_date: '2026-02-01',
    });
    expect(listQuerySchema('measurement').parse(query)).toMatchObject({
      account: [ID, null],
      status: ['live'],
      limit: 25,
    });
    expect(listQuery('label-value', { 'category.account': [ID], category_id: [ID] })).toEqual({
      'category.account': ID,
      category_id: ID,
    });
  });

  it('writes each parameter as the codec encodes it, so the browser builds queries without zod', () => {
    const params = {
      id: [ID],
      account: [ID, null],
      status: ['live', 'paused'],
      sort: [
        { field: 'name', direction: 'desc' },
        { field: 'id', direction: 'desc' },
      ],
      search: 'Bramble',
      limit: 25,
      skip: 50,
      start_date: '2026-02-01',
      created_at_gt: '2026-01-01T00:00:00.000Z',
    } satisfies Partial<ListParams<'measurement'>>;
    const shape = (listQuerySchema('measurement') as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    const query = listQuery('measurement', params);
    for (const [key, value] of Object.entries(params))
      expect(query[key]).toBe(String(z.encode(shape[key]!, value as never)));
    // And the server reads it back as it was meant.
    expect(listQuerySchema('measurement').parse(query)).toMatchObject({ ...params, sort: params.sort });
  });
});
