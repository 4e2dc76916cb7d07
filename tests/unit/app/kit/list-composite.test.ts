import { describe, expect, it } from 'vitest';
import { readListState, writeListState, type ListSpec } from '../../../../src/app/kit/listState.ts';
import { selectRows } from '../../../../src/app/kit/useLocalList.ts';

/** /users holds two lists in one URL: the account's users, and the guests under their prefix. */
const users: ListSpec = {
  sortFields: ['first_name', 'email'],
  defaultSort: { id: 'first_name', direction: 'asc' },
};
const guests: ListSpec = { ...users, prefix: 'guests.' };

describe('the list composite URL state', () => {
  it('round-trips two lists of one page through the URL without either touching the other', () => {
    const first = writeListState(
      { page: 2, size: 10, sort: { id: 'email', direction: 'desc' }, search: 'chloe', filters: {} },
      users,
    );
    const both = writeListState(
      { page: 3, size: 50, sort: { id: 'email', direction: 'asc' }, search: 'okafor', filters: {} },
      guests,
      first,
    );
    expect(new URLSearchParams(both).get('guests.q')).toBe('okafor');
    expect(readListState(both, users)).toEqual(readListState(first, users));
    expect(readListState(both, guests)).toEqual({
      page: 3,
      size: 50,
      sort: { id: 'email', direction: 'asc' },
      search: 'okafor',
      filters: {},
    });
    // A reload reads the same two states back, and writing them again gives the same address.
    const again = writeListState(
      readListState(both, guests),
      guests,
      writeListState(readListState(both, users), users, both),
    );
    expect(again).toBe(both);
  });

  it("reads the spec's `search` word (a search result's link) as the search, and writes it back as q", () => {
    const state = readListState('?search=reader%40northwind.test', users);
    expect(state.search).toBe('reader@northwind.test');
    expect(writeListState(state, users, '?search=reader%40northwind.test')).toBe('?q=reader%40northwind.test');
  });
});

describe('a list answered whole, paged in the browser', () => {
  const rows = [
    { id: 'c', name: 'Chloe Wilson', email: 'chloe.w@example.test' },
    { id: 'a', name: 'Amara Okafor', email: 'amara@example.test' },
    { id: 'b', name: 'Chloe Kowalczyk', email: 'chloe.k@example.test' },
    { id: 'd', name: 'Chloe Kowalczyk', email: 'other@example.test' },
  ];
  const options = {
    searchText: (r: (typeof rows)[number]) => `${r.name} ${r.email}`,
    sortValue: { name: (r: (typeof rows)[number]) => r.name, email: (r: (typeof rows)[number]) => r.email },
  };

  it('searches without regard to case and sorts with the id as the tie-break, in either direction', () => {
    const asc = selectRows(rows, { search: 'CHLOE', sort: { id: 'name', direction: 'asc' } }, options);
    expect(asc.map((r) => r.id)).toEqual(['b', 'd', 'c']);
    const desc = selectRows(rows, { search: 'chloe', sort: { id: 'name', direction: 'desc' } }, options);
    expect(desc.map((r) => r.id)).toEqual(['c', 'd', 'b']);
  });

  it('keeps every row for an empty search', () => {
    expect(selectRows(rows, { search: '', sort: { id: 'email', direction: 'asc' } }, options)).toHaveLength(4);
  });
});
