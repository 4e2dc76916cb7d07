import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  ConflictError,
  forgetVersions,
  setConflictHandler,
  update,
  versionOf,
  bulkRemove,
  getOne,
  getVersioned,
  isConflict,
  list,
  OVERWRITE,
  remove,
  removeListed,
  updateListed,
  updateVersioned,
  listAll,
  readList,
  request,
  setUnauthorizedHandler,
  type ConflictChoice,
} from '../../../src/lib/api.ts';
import { spotlight } from '../../../src/lib/spotlight-api.ts';
import { FULL_LIST_PAGE_SIZE } from '../../../src/shared/constants.ts';
import { messages } from '../../../src/shared/messages.ts';
import { $alerts, showError } from '../../../src/stores/alerts.ts';
import { SWITCHED_COMPANY_HEADER } from '../../../src/shared/http-headers.ts';

type Call = { url: string; init: RequestInit };

/** A valid row of a lookup table (id, name, created_at), so the registry's schema accepts it. */
const lookupRow = (n: number) => ({
  id: n.toString(16).padStart(24, '0'),
  name: `Model ${n}`,
  created_at: '2026-01-15T10:00:00.000Z',
});

function mockFetch(answer: (url: URL, init: RequestInit) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    calls.push({ url: input, init });
    return Promise.resolve(answer(new URL(input, 'http://lamp.test'), init));
  });
  return calls;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('the API client', () => {
  it('reads the three list shapes', () => {
    expect(readList({ data: [1, 2], count: 7 })).toEqual({ data: [1, 2], count: 7 });
    expect(readList([1, 2], new Response(null, { headers: { 'x-total-count': '9' } }))).toEqual({
      data: [1, 2],
      count: 9,
    });
    expect(readList({ data: { data: [1], result_count: 4 } })).toEqual({ data: [1], count: 4 });
  });

  it('throws an error carrying the status and the JSON body; 204 yields null', async () => {
    mockFetch((url) =>
      url.pathname === '/empty'
        ? new Response(null, { status: 204 })
        : json({ message: 'Nope', error: 'Forbidden' }, 403),
    );
    expect((await request('/empty')).body).toBeNull();
    const error = await request('/bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, body: { message: 'Nope' }, message: 'Nope' });
  });

  it('sends credentials and signs the app out on a 401', async () => {
    const calls = mockFetch(() => json({ statusCode: 401, error: 'Unauthorized', message: 'Sign in' }, 401));
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    await expect(request('/api/v1/measurement')).rejects.toThrow('Sign in');
    expect(handler).toHaveBeenCalledOnce();
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('fetches full lists in pages of 5000 until count is reached', async () => {
    const total = FULL_LIST_PAGE_SIZE + 3;
    const calls = mockFetch((url) => {
      const skip = Number(url.searchParams.get('skip'));
      const limit = Number(url.searchParams.get('limit'));
      const data = Array.from({ length: Math.max(0, Math.min(limit, total - skip)) }, (_, i) => lookupRow(skip + i));
      return json({ data, count: total });
    });
    const rows = await listAll('model', { sort: 'asc(name)' });
    expect(rows).toHaveLength(total);
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('skip'))).toEqual([
      '0',
      String(FULL_LIST_PAGE_SIZE),
    ]);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('limit')).toBe(String(FULL_LIST_PAGE_SIZE));
  });

  it("parses every row with the registry's row schema of the resource", async () => {
    mockFetch(() => json({ data: [{ ...lookupRow(1), name: 'Spare field', extra: true }], count: 1 }));
    expect((await list('model')).data).toEqual([{ ...lookupRow(1), name: 'Spare field' }]);
    mockFetch(() => json({ data: [{ id: 3 }], count: 1 }));
    await expect(list('measurement')).rejects.toThrow();
  });

  it('takes a single item as the first element of data, and says so when there is none', async () => {
    const [x, y] = [lookupRow(1), lookupRow(2)];
    mockFetch((url) => json({ data: url.searchParams.get('id') === x.id ? [x, y] : [], count: 1 }));
    expect(await getOne('model', x.id)).toEqual(x);
    await expect(getOne('purchase-order', 'nope')).rejects.toThrow(
      'An error occurred while fetching the purchase order.',
    );
  });

  it('deletes in bulk one by one, each row read by id first and deleted with its version', async () => {
    const rows = [lookupRow(1), lookupRow(2), lookupRow(3)];
    const calls = mockFetch((url, init) => {
      if (init.method === 'DELETE') return new Response(null, { status: 204 });
      const id = url.searchParams.get('id');
      return json({ data: rows.filter((row) => row.id === id), count: 1 }, 200, { etag: `"${id}"` });
    });
    await bulkRemove('model', rows);
    expect(
      calls.map((c) => [
        c.init.method ?? 'GET',
        new URL(c.url, 'http://x').searchParams.get('id'),
        new Headers(c.init.headers).get('if-match'),
      ]),
    ).toEqual(
      rows.flatMap((row) => [
        ['GET', row.id, null],
        ['DELETE', row.id, `"${row.id}"`],
      ]),
    );
  });

  it('sends the Spotlight token and the switched company', async () => {
    const calls = mockFetch(() => json({ success: true }));
    await spotlight.list({ token: 'tok', switchedAccountId: 'acc' }, 'briefs', { page_num: 1, results_per_page: 10 });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers[SWITCHED_COMPANY_HEADER]).toBe('acc');
    expect(calls[0]?.url).toBe('/api/spotlight/briefs');
  });

  it('reads a row with its version and sends the version back as If-Match', async () => {
    // Rows are parsed with the registry's schema: a lookup row is the smallest valid one.
    const row = (name: string) => ({ id: 'a'.repeat(24), name, created_at: '2026-11-01T00:00:00.000Z' });
    const calls = mockFetch((url, init) =>
      init.method === 'PUT'
        ? json({ data: row('B'), count: 1 }, 200, { etag: '"v2"' })
        : json({ data: [row('A')], count: 1 }, 200, { etag: '"v1"' }),
    );
    const opened = await getVersioned('model', 'a'.repeat(24));
    expect(opened).toEqual({ data: row('A'), version: '"v1"' });
    const saved = await updateVersioned('model', 'a'.repeat(24), { name: 'B' });
    expect(saved).toEqual({ data: row('B'), version: '"v2"' });
    expect(new Headers(calls[1]?.init.headers).get('if-match')).toBe('"v1"');
    await remove('model', 'a'.repeat(24), { ifMatch: OVERWRITE });
    expect(new Headers(calls[2]?.init.headers).get('if-match')).toBe('*');
  });

  it('tells a conflict (412) from other errors', async () => {
    mockFetch(() => json({ message: 'changed' }, 412));
    const error = await updateVersioned('measurement', 'a', {}, { ifMatch: '"v1"' }).catch((e: unknown) => e);
    expect(isConflict(error)).toBe(true);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).record).toEqual({ resource: 'measurement', id: 'a' });
    expect(isConflict(new ApiError(400, {}))).toBe(false);
  });
});

/**
 * No page can forget If-Match: the client remembers the version of each
 * record it read by id and sends it with every write of that record; a 412 asks the one conflict
 * dialog (ConflictHost registers the handler).
 */
describe('the API client remembers versions', () => {
  const ID = 'b'.repeat(24);
  const row = (name: string) => ({ id: ID, name, created_at: '2026-11-01T00:00:00.000Z' });
  const ifMatchOf = (call: Call | undefined) => new Headers(call?.init.headers).get('if-match');
  afterEach(() => {
    forgetVersions();
    setConflictHandler(null);
  });

  /** A server holding one model row at a version; a write with a stale If-Match gets 412. */
  function server(start = 1) {
    let version = start;
    const calls = mockFetch((url, init) => {
      const tag = `"v${version}"`;
      const sent = new Headers(init.headers).get('if-match');
      if (init.method === 'PUT' || init.method === 'DELETE') {
        if (sent && sent !== '*' && sent !== tag) return json({ message: 'changed by someone else' }, 412);
        if (init.method === 'DELETE') return new Response(null, { status: 204 });
        version += 1;
        return json({ data: row('saved'), count: 1 }, 200, { etag: `"v${version}"` });
      }
      const single = url.searchParams.get('id');
      return json({ data: [row('read')], count: 1 }, 200, single ? { etag: tag } : {});
    });
    return { calls, bump: () => (version += 1) };
  }

  it('sends the version of the last read by id with a save a page makes without naming one', async () => {
    const { calls } = server();
    await getOne('model', ID);
    expect(versionOf('model', ID)).toBe('"v1"');
    await update('model', ID, { name: 'x' });
    expect(ifMatchOf(calls[1])).toBe('"v1"');
    // The save's answer is the version the next save builds on.
    expect(versionOf('model', ID)).toBe('"v2"');
    await update('model', ID, { name: 'y' });
    expect(ifMatchOf(calls[2])).toBe('"v2"');
  });

  it('sends it with a delete too, and forgets the record after it', async () => {
    const { calls } = server();
    await getOne('model', ID);
    await remove('model', ID);
    expect(ifMatchOf(calls[1])).toBe('"v1"');
    expect(versionOf('model', ID)).toBeNull();
  });

  it("lets a caller's own If-Match win", async () => {
    const { calls } = server();
    await getOne('model', ID);
    await update('model', ID, { name: 'x' }, { ifMatch: OVERWRITE });
    expect(ifMatchOf(calls[1])).toBe('*');
  });

  it('sends none for a record it never read by id (a row of a list), as before', async () => {
    const { calls } = server();
    await list('model', {});
    expect(versionOf('model', ID)).toBeNull();
    await update('model', ID, { name: 'x' });
    expect(ifMatchOf(calls[1])).toBeNull();
  });

  it('without a conflict handler, a stale save throws a ConflictError naming the record', async () => {
    const { bump } = server();
    await getOne('model', ID);
    bump(); // someone else saved
    const error = await update('model', ID, { name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).record).toEqual({ resource: 'model', id: ID });
    expect((error as ConflictError).choice).toBeNull();
  });

  it('Overwrite in the conflict dialog sends the same save again with If-Match *, and it succeeds', async () => {
    const { calls, bump } = server();
    const asked: ConflictError[] = [];
    setConflictHandler({
      ask: (conflict) => {
        asked.push(conflict);
        return Promise.resolve('overwrite');
      },
      reload: () => {
        throw new Error('no reload');
      },
    });
    await getOne('model', ID);
    bump();
    const saved = await update('model', ID, { name: 'mine' });
    expect(saved.name).toBe('saved');
    expect(asked).toHaveLength(1);
    expect(calls.map((call) => ifMatchOf(call))).toEqual([null, '"v1"', '*']);
    expect(JSON.parse(calls[2]?.init.body as string)).toEqual({ name: 'mine' });
    expect(versionOf('model', ID)).toBe('"v3"');
  });

  it("Reload runs the caller's reload (else the app's) and throws the answered conflict", async () => {
    const { bump } = server();
    const fallback = vi.fn();
    setConflictHandler({ ask: () => Promise.resolve('reload'), reload: fallback });
    await getOne('model', ID);
    bump();
    const onReload = vi.fn();
    const error = await update('model', ID, { name: 'x' }, { onReload }).catch((e: unknown) => e);
    expect((error as ConflictError).choice).toBe('reload');
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(fallback).not.toHaveBeenCalled();
    expect(versionOf('model', ID)).toBeNull();

    await getOne('model', ID);
    bump();
    await remove('model', ID).catch(() => undefined);
    expect(fallback).toHaveBeenCalledTimes(1);
  });

  it('Cancel changes nothing and throws a conflict the error alert does not repeat', async () => {
    const { calls, bump } = server();
    setConflictHandler({ ask: () => Promise.resolve('cancel'), reload: vi.fn() });
    await getOne('model', ID);
    bump();
    const error = await update('model', ID, { name: 'x' }).catch((e: unknown) => e);
    expect((error as ConflictError).choice).toBe('cancel');
    expect(calls).toHaveLength(2);
    expect(showError(error)).toBe(0);
    expect($alerts.get()).toEqual([]);
  });
});

/**
 * Writes from a list row: a list answer carries no versions, so
 * updateListed and removeListed read the row by id, compare it with what the list showed, and
 * write with the version just read, or ask the conflict dialog without writing.
 */
describe('a write of a row the person saw in a list', () => {
  const ID = 'c'.repeat(24);
  const row = (name: string) => ({ id: ID, name, created_at: '2026-11-01T00:00:00.000Z' });
  const ifMatchOf = (call: Call | undefined) => new Headers(call?.init.headers).get('if-match');
  const methods = (calls: Call[]) => calls.map((call) => call.init.method ?? 'GET');
  afterEach(() => {
    forgetVersions();
    setConflictHandler(null);
  });

  /** A server holding one model row; someone else's rename gives it a new name and version. */
  function server() {
    let stored: ReturnType<typeof row> | null = row('Listed');
    let version = 1;
    const calls = mockFetch((_url, init) => {
      const tag = `"v${version}"`;
      const sent = new Headers(init.headers).get('if-match');
      if (init.method === 'PUT' || init.method === 'DELETE') {
        if (sent && sent !== '*' && sent !== tag) return json({ message: 'changed by someone else' }, 412);
        if (init.method === 'DELETE') {
          stored = null;
          return new Response(null, { status: 204 });
        }
        version += 1;
        stored = { ...stored!, ...(JSON.parse(init.body as string) as object) };
        return json({ data: stored, count: 1 }, 200, { etag: `"v${version}"` });
      }
      return json({ data: stored ? [stored] : [], count: stored ? 1 : 0 }, 200, stored ? { etag: tag } : {});
    });
    return {
      calls,
      renameElsewhere: (name: string) => {
        stored = row(name);
        version += 1;
      },
      deleteElsewhere: () => (stored = null),
      stored: () => stored,
    };
  }

  function answer(choice: ConflictChoice) {
    const asked: ConflictError[] = [];
    const reload = vi.fn();
    setConflictHandler({
      ask: (conflict) => {
        asked.push(conflict);
        return Promise.resolve(choice);
      },
      reload,
    });
    return { asked, reload };
  }

  it('unchanged since the list: reads it by id, then writes with the version read', async () => {
    const { calls } = server();
    const { asked } = answer('cancel');
    const saved = await updateListed('model', row('Listed'), { name: 'Mine' });
    expect(saved.name).toBe('Mine');
    expect(methods(calls)).toEqual(['GET', 'PUT']);
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('id')).toBe(ID);
    expect(ifMatchOf(calls[1])).toBe('"v1"');
    expect(asked).toHaveLength(0);
  });

  it('changed since the list: asks the conflict dialog and, on Cancel, writes nothing', async () => {
    const { calls, renameElsewhere, stored } = server();
    const { asked } = answer('cancel');
    renameElsewhere('Theirs');
    const error = await removeListed('model', row('Listed')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).choice).toBe('cancel');
    expect(asked.map((conflict) => conflict.record)).toEqual([{ resource: 'model', id: ID }]);
    expect(asked[0]?.message).toBe(messages.api.changedBySomeoneElse('model'));
    expect(methods(calls)).toEqual(['GET']);
    expect(stored()?.name).toBe('Theirs');
    // The dialog said it all.
    expect(showError(error)).toBe(0);
  });

  it("Reload runs the page's reload and writes nothing", async () => {
    const { calls, renameElsewhere } = server();
    const { reload } = answer('reload');
    renameElsewhere('Theirs');
    const onReload = vi.fn();
    const error = await updateListed('model', row('Listed'), { name: 'Mine' }, { onReload }).catch((e: unknown) => e);
    expect((error as ConflictError).choice).toBe('reload');
    expect(onReload).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();
    expect(methods(calls)).toEqual(['GET']);
  });

  it('Overwrite writes over the version just read, on purpose', async () => {
    const { calls, renameElsewhere, stored } = server();
    answer('overwrite');
    renameElsewhere('Theirs');
    await updateListed('model', row('Listed'), { name: 'Mine' });
    expect(methods(calls)).toEqual(['GET', 'PUT']);
    expect(ifMatchOf(calls[1])).toBe('"v2"');
    expect(stored()?.name).toBe('Mine');
  });

  it('without a conflict dialog, a changed row throws the conflict and stays', async () => {
    const { calls, renameElsewhere, stored } = server();
    renameElsewhere('Theirs');
    await expect(removeListed('model', row('Listed'))).rejects.toBeInstanceOf(ConflictError);
    expect(methods(calls)).toEqual(['GET']);
    expect(stored()?.name).toBe('Theirs');
  });

  it("deleted meanwhile: the server's not-found answer, and nothing sent", async () => {
    const { calls, deleteElsewhere } = server();
    deleteElsewhere();
    const error = await removeListed('model', row('Listed')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, message: messages.api.notFound('model') });
    expect(methods(calls)).toEqual(['GET']);
  });

  it('changed between the read and the write: the server refuses it (412) and the dialog asks', async () => {
    const { calls, renameElsewhere, stored } = server();
    const { asked } = answer('cancel');
    // Someone saves right after this client's read by id.
    const fetchOnce = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      const response = await fetchOnce(input, init);
      if (init.method === 'GET') renameElsewhere('Theirs');
      return response;
    });
    const error = await updateListed('model', row('Listed'), { name: 'Mine' }).catch((e: unknown) => e);
    expect((error as ConflictError).choice).toBe('cancel');
    expect(asked).toHaveLength(1);
    expect(methods(calls)).toEqual(['GET', 'PUT']);
    expect(ifMatchOf(calls[1])).toBe('"v1"');
    expect(stored()?.name).toBe('Theirs');
  });
});
