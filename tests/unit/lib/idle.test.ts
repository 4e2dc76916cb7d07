// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../../src/lib/idle.ts';
import { trackCall } from '../../../src/lib/reads-in-flight.ts';

/** A call under way until the test answers it. */
function pendingCall() {
  let answer = () => {};
  const call = trackCall(new Promise<void>((resolve) => (answer = resolve)));
  return { call, answer };
}

/** Long enough for idle and the two frames after it (16 ms each on the fake clock). */
const DRAWN_MS = 40;

describe('work the first screen does not need waits for the page’s calls', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The fallback path (no requestIdleCallback): idle on the next timer turn.
    vi.stubGlobal('requestIdleCallback', undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once idle when no call is under way', async () => {
    const work = vi.fn();
    whenIdle(work);
    await vi.advanceTimersByTimeAsync(DRAWN_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits while the page reads, then runs once after the last read has answered', async () => {
    const work = vi.fn();
    const first = pendingCall();
    whenIdle(work);
    await vi.advanceTimersByTimeAsync(500);
    expect(work).not.toHaveBeenCalled();
    // The page's next read starts as its first one is drawn: still waiting.
    const second = pendingCall();
    first.answer();
    await vi.advanceTimersByTimeAsync(500);
    expect(work).not.toHaveBeenCalled();
    second.answer();
    await vi.advanceTimersByTimeAsync(DRAWN_MS);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after two seconds at the latest on a page that keeps reading', async () => {
    const work = vi.fn();
    const { answer } = pendingCall();
    whenIdle(work);
    await vi.advanceTimersByTimeAsync(1900);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
    answer();
    await vi.advanceTimersByTimeAsync(100);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, also while it waits for a call', async () => {
    const work = vi.fn();
    const { answer } = pendingCall();
    const cancel = whenIdle(work);
    await vi.advanceTimersByTimeAsync(100);
    cancel();
    answer();
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).not.toHaveBeenCalled();
  });

  it('counts a failed call as answered', async () => {
    const work = vi.fn();
    let fail = (_: Error) => {};
    void trackCall(new Promise<void>((_, reject) => (fail = reject))).catch(() => {});
    whenIdle(work);
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();
    fail(new Error('offline'));
    await vi.advanceTimersByTimeAsync(DRAWN_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs only after the frames that draw the last answer, and not if a read starts before them', async () => {
    const work = vi.fn();
    const first = pendingCall();
    whenIdle(work);
    first.answer();
    // Idle (the fallback's next timer turn), but the answer's frame is not drawn yet.
    await vi.advanceTimersByTimeAsync(2);
    expect(work).not.toHaveBeenCalled();
    // The page starts its next read as it draws the first answer.
    const second = pendingCall();
    await vi.advanceTimersByTimeAsync(DRAWN_MS);
    expect(work).not.toHaveBeenCalled();
    second.answer();
    await vi.advanceTimersByTimeAsync(DRAWN_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('counts the parse of an answer as a call: the page draws the answer only once it is parsed', async () => {
    const workers: FakeWorker[] = [];
    class FakeWorker extends EventTarget {
      jobs: { id: number }[] = [];
      constructor() {
        super();
        workers.push(this);
      }
      postMessage(message: { id: number }) {
        this.jobs.push(message);
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', FakeWorker);
    const { parseUser } = await import('../../../src/lib/parse.ts');
    const work = vi.fn();
    const parsed = parseUser({ name: 'Ana' });
    whenIdle(work);
    await vi.advanceTimersByTimeAsync(500);
    expect(work).not.toHaveBeenCalled();
    const [worker] = workers;
    const id = worker?.jobs[0]?.id;
    worker?.dispatchEvent(new MessageEvent('message', { data: { id, ok: true, value: { name: 'Ana' } } }));
    await expect(parsed).resolves.toEqual({ name: 'Ana' });
    await vi.advanceTimersByTimeAsync(DRAWN_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
