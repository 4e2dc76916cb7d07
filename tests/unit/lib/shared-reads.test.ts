// @vitest-environment happy-dom
/**
 * Identical reads at the same time make one request; a page's first read serves the page's load;
 * nothing else is kept, so a later read reads afresh.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, setUnauthorizedHandler } from '../../../src/lib/api.ts';
import { startFirstRead } from '../../../src/lib/http.ts';
import { startAfresh, HOLD_MS } from '../../../src/lib/shared-reads.ts';

type Waiting = { url: string; init: RequestInit; answer: (response: Response) => void; fail: (e: unknown) => void };
let waiting: Waiting[] = [];

/** A fetch whose answers the test releases one by one; it counts the requests by URL. */
function heldFetch() {
  waiting = [];
  vi.stubGlobal(
    'fetch',
    (url: string, init: RequestInit) =>
      new Promise<Response>((answer, fail) => {
        waiting.push({ url, init, answer, fail });
        init.signal?.addEventListener('abort', () => fail(new DOMException('Aborted', 'AbortError')));
      }),
  );
  return waiting;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', etag: '"v1"' } });

/** Lets pending promise callbacks run (the fetch is called after a few awaits). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(async () => {
  // No read of one test is still in flight when the next starts.
  for (const fetch of waiting) fetch.answer(json({}));
  await settle();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthorizedHandler(null);
  startAfresh();
});

describe('identical reads at the same time', () => {
  it('two callers of the same GET make one request, and each gets its own copy of the answer', async () => {
    const fetches = heldFetch();
    const first = request('/api/v1/measurement', { query: { id: 'm1' } });
    const second = request('/api/v1/measurement', { query: { id: 'm1' } });
    await settle();
    expect(fetches).toHaveLength(1);
    fetches[0]?.answer(json({ data: [{ id: 'm1', name: 'Spring' }], count: 1 }));
    const [a, b] = await Promise.all([first, second]);
    expect(a.body).toEqual({ data: [{ id: 'm1', name: 'Spring' }], count: 1 });
    expect(b.body).toEqual(a.body);
    // One caller changing what it was given does not change what the other holds.
    (a.body as { data: { name: string }[] }).data[0]!.name = 'Changed';
    expect((b.body as { data: { name: string }[] }).data[0]?.name).toBe('Spring');
    expect(b.response.headers.get('etag')).toBe('"v1"');
  });

  it('different URLs or headers are different reads', async () => {
    const fetches = heldFetch();
    void request('/api/v1/measurement', { query: { id: 'm1' } });
    void request('/api/v1/measurement', { query: { id: 'm2' } });
    void request('/api/v1/measurement', { query: { id: 'm1' }, headers: { 'x-token': 'other' } });
    await settle();
    expect(fetches.map((f) => f.url)).toEqual([
      '/api/v1/measurement?id=m1',
      '/api/v1/measurement?id=m2',
      '/api/v1/measurement?id=m1',
    ]);
  });

  it('a caller with an AbortSignal reads on its own, and aborting it leaves the other caller its answer', async () => {
    const fetches = heldFetch();
    const controller = new AbortController();
    const plain = request('/api/v1/label');
    const abortable = request('/api/v1/label', { signal: controller.signal });
    await settle();
    expect(fetches).toHaveLength(2);
    controller.abort();
    await expect(abortable).rejects.toThrow('Aborted');
    fetches[0]?.answer(json({ data: [], count: 0 }));
    expect((await plain).body).toEqual({ data: [], count: 0 });
  });

  it('writes are never shared', async () => {
    const fetches = heldFetch();
    void request('/api/v1/label', { method: 'POST', body: { name: 'A' } });
    void request('/api/v1/label', { method: 'POST', body: { name: 'A' } });
    await settle();
    expect(fetches).toHaveLength(2);
  });

  it('an error answer reaches every waiting caller, and so does a network failure', async () => {
    const fetches = heldFetch();
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    const callers = [request('/api/v1/report'), request('/api/v1/report')];
    await settle();
    fetches[0]?.answer(json({ message: 'Not allowed' }, 403));
    for (const caller of callers) await expect(caller).rejects.toMatchObject({ status: 403, message: 'Not allowed' });
    expect(await callers[0]?.catch((e: unknown) => e)).toBeInstanceOf(ApiError);

    const offline = [request('/api/v1/report'), request('/api/v1/report')];
    await settle();
    expect(fetches).toHaveLength(2);
    fetches[1]?.fail(new TypeError('Failed to fetch'));
    for (const caller of offline) await expect(caller).rejects.toThrow('Failed to fetch');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('a read after the answer has arrived asks the server again', async () => {
    const fetches = heldFetch();
    const first = request('/api/v1/measurement', { query: { id: 'm1' } });
    await settle();
    fetches[0]?.answer(json({ data: [{ id: 'm1', name: 'Before' }], count: 1 }));
    await first;
    const later = request('/api/v1/measurement', { query: { id: 'm1' } });
    await settle();
    expect(fetches).toHaveLength(2);
    fetches[1]?.answer(json({ data: [{ id: 'm1', name: 'After' }], count: 1 }));
    expect((await later).body).toEqual({ data: [{ id: 'm1', name: 'After' }], count: 1 });
  });
});

describe("a page's first read", () => {
  const url = '/api/v1/measurement?id=m1';

  it('serves the reads the page makes after it has arrived, each with its own copy', async () => {
    const fetches = heldFetch();
    startFirstRead(url);
    await settle();
    fetches[0]?.answer(json({ data: [{ id: 'm1', name: 'Spring' }], count: 1 }));
    await settle();
    const a = await request('/api/v1/measurement', { query: { id: 'm1' } });
    const b = await request('/api/v1/measurement', { query: { id: 'm1' } });
    expect(fetches).toHaveLength(1);
    expect(a.body).toEqual({ data: [{ id: 'm1', name: 'Spring' }], count: 1 });
    expect(b.body).not.toBe(a.body);
  });

  it('is read afresh after a write (even one sent before its answer is in), and after its time', async () => {
    const fetches = heldFetch();
    startFirstRead(url);
    await settle();
    fetches[0]?.answer(json({ data: [], count: 0 }));
    void request('/api/v1/measurement', { method: 'PUT', query: { id: 'm1' }, body: { name: 'B' } });
    void request('/api/v1/measurement', { query: { id: 'm1' } });
    await settle();
    expect(fetches.map((f) => `${f.init.method ?? 'GET'} ${f.url}`)).toEqual([
      `GET ${url}`,
      `PUT ${url}`,
      `GET ${url}`,
    ]);

    vi.useFakeTimers({ toFake: ['Date'] });
    startFirstRead('/api/v1/label?id=l1');
    await settle();
    fetches[3]?.answer(json({ data: [], count: 0 }));
    await settle();
    vi.setSystemTime(Date.now() + HOLD_MS + 1);
    void request('/api/v1/label', { query: { id: 'l1' } });
    await settle();
    expect(fetches).toHaveLength(5);
  });

  it('is read afresh on another page, and after the person first presses a key or the pointer', async () => {
    const fetches = heldFetch();
    startFirstRead(url);
    await settle();
    fetches[0]?.answer(json({ data: [], count: 0 }));
    await settle();
    history.pushState(null, '', '/measurements/m1/edit');
    void request('/api/v1/measurement', { query: { id: 'm1' } });
    await settle();
    expect(fetches).toHaveLength(2);

    startFirstRead('/api/v1/label?id=l1');
    await settle();
    fetches[2]?.answer(json({ data: [], count: 0 }));
    await settle();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'r' }));
    void request('/api/v1/label', { query: { id: 'l1' } });
    await settle();
    expect(fetches).toHaveLength(4);
  });

  it('is not kept when it failed: the page reads again and sees its own error', async () => {
    const fetches = heldFetch();
    startFirstRead(url);
    await settle();
    fetches[0]?.answer(json({ message: 'Gone' }, 404));
    await settle();
    const read = request('/api/v1/measurement', { query: { id: 'm1' } });
    await settle();
    expect(fetches).toHaveLength(2);
    fetches[1]?.answer(json({ message: 'Not found' }, 404));
    await expect(read).rejects.toMatchObject({ status: 404, message: 'Not found' });
  });
});
