import { describe, expect, it } from 'vitest';
import {
  apiSort,
  filterQuery,
  pageQuery,
  parseSortSpec,
  readListState,
  writeListState,
  type ListSpec,
} from '../../../../src/app/kit/listState.ts';
import { listQuerySchema } from '../../../../src/shared/schemas/list-query.ts';

const spec: ListSpec = {
  sortFields: ['name', 'created_at'],
  defaultSort: { id: 'name', direction: 'asc' },
  filters: ['status'],
};

describe('the kit URL list state', () => {
  it('reads the defaults from an empty query and writes nothing back', () => {
    const state = readListState('', spec);
    expect(state).toEqual({ page: 1, size: 25, sort: { id: 'name', direction: 'asc' }, search: '', filters: {} });
    expect(writeListState(state, spec)).toBe('');
  });

  it('round-trips page, size, the sort spec, search and filters through the URL', () => {
    const search = '?q=brand&status=live&sort=desc(created_at)&page=3&size=50';
    const state = readListState(search, spec);
    expect(state).toEqual({
      page: 3,
      size: 50,
      sort: { id: 'created_at', direction: 'desc' },
      search: 'brand',
      filters: { status: 'live' },
    });
    expect(readListState(writeListState(state, spec), spec)).toEqual(state);
  });

  it('falls back on a sort field the resource cannot sort by, a bad page or an unknown size', () => {
    const state = readListState('?sort=asc(password_hash)&page=-4&size=7', spec);
    expect(state.sort).toEqual(spec.defaultSort);
    expect(state.page).toBe(1);
    expect(state.size).toBe(25);
    expect(parseSortSpec('drop(table)')).toBeNull();
  });

  it('keeps query values the list does not own, and prefixes a second list', () => {
    const values: ListSpec = { ...spec, prefix: 'values.' };
    const state = { ...readListState('', values), page: 2 };
    expect(writeListState(state, values, '?labelCategoryId=abc&page=5')).toBe(
      '?labelCategoryId=abc&page=5&values.page=2',
    );
    expect(readListState('?page=9&values.page=2', values).page).toBe(2);
  });

  it('asks the API with the spec sort and id tie-break, the page window, and the whole list for export', () => {
    const state = readListState('?q=x&sort=desc(name)&page=2&size=10&status=live', spec);
    expect(apiSort(state.sort)).toEqual([
      { field: 'name', direction: 'desc' },
      { field: 'id', direction: 'desc' },
    ]);
    // Written by the encoders of the measurement's list-query codec, the one the server decodes with.
    const account = '0123456789abcdef01234567';
    expect(pageQuery('measurement', state, { account: [account, null] })).toEqual({
      account: `${account},null`,
      status: 'live',
      sort: 'desc(name),desc(id)',
      search: 'x',
      limit: '10',
      skip: '10',
    });
    expect(filterQuery('measurement', state)).not.toHaveProperty('limit');
  });

  it('sends a URL filter or sort field as written, for the server to refuse naming the parameter', () => {
    // The browser builds queries without zod; the server's codec judges them (its 400 is shown).
    const refusal = (query: Record<string, string>) =>
      listQuerySchema('measurement')
        .safeParse(query)
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    const bad = pageQuery('measurement', readListState('?status=archived', spec));
    expect(bad.status).toBe('archived');
    expect(refusal(bad)?.[0]).toMatch(/^status: /);
    const unsortable = { ...readListState('', spec), sort: { id: 'secret', direction: 'asc' as const } };
    expect(refusal(pageQuery('measurement', unsortable))?.[0]).toMatch(/cannot sort measurement by 'secret'/);
  });
});
