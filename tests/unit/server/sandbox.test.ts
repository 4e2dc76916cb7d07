/**
 * The pieces of test sandboxes on their own: the registry's limits and idle dropping,
 * the clock's modes, and the repositories' copy on write.
 */
import { describe, expect, it } from 'vitest';
import { SandboxClock } from '../../../server/sandbox/clock.ts';
import { currentSandbox, inSandboxContext, runInSandbox } from '../../../server/sandbox/context.ts';
import { SandboxRegistry } from '../../../server/sandbox/registry.ts';
import { SandboxScope } from '../../../server/sandbox/scope.ts';
import { openDatabase } from '../../../server/store/database.ts';
import { createRepositories } from '../../../server/store/repositories.ts';
import type { Collections } from '../../../server/store/collections.ts';
import { HttpError } from '../../../server/http-errors.ts';

const MINUTE = 60_000;

describe('SandboxRegistry', () => {
  function registry(max = 2, idleMinutes = 5) {
    let now = Date.parse('2026-11-01T09:00:00Z');
    const scope = new SandboxScope();
    const forgotten: string[] = [];
    const original = scope.forget.bind(scope);
    scope.forget = (name: string) => {
      forgotten.push(name);
      original(name);
    };
    const sandboxes = new SandboxRegistry(scope, { maxSandboxes: max, idleMs: idleMinutes * MINUTE }, () => now);
    return { sandboxes, forgotten, advance: (ms: number) => (now += ms) };
  }

  it('makes a sandbox on first use and marks it used afterwards', () => {
    const { sandboxes, advance } = registry();
    sandboxes.use('a');
    advance(MINUTE);
    sandboxes.use('a');
    const [a] = sandboxes.list();
    expect(a).toEqual({ name: 'a', created_at: '2026-11-01T09:00:00.000Z', last_used_at: '2026-11-01T09:01:00.000Z' });
    // The default state is no sandbox.
    sandboxes.use('default');
    expect(sandboxes.size).toBe(1);
  });

  it('refuses one past the limit with 429 and a Retry-After, and drops idle ones to make room', () => {
    const { sandboxes, advance, forgotten } = registry(2, 5);
    sandboxes.use('a');
    advance(2 * MINUTE);
    sandboxes.use('b');
    let refusal: unknown;
    try {
      sandboxes.use('c');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(429);
    expect((refusal as HttpError).headers['retry-after']).toBe('180');
    advance(3 * MINUTE);
    sandboxes.use('c');
    expect(sandboxes.list().map((s) => s.name)).toEqual(['b', 'c']);
    expect(forgotten).toContain('a');
  });

  it('drops idle sandboxes and forgets their pieces; keeps sessions over a reset', () => {
    const { sandboxes, advance, forgotten } = registry(5, 5);
    sandboxes.use('a');
    sandboxes.use('b');
    sandboxes.sessions('a')!.x = { userId: 'u', createdAt: 0, lastSeenAt: 0 };
    sandboxes.reset('a');
    expect(sandboxes.sessions('a')).toHaveProperty('x');
    advance(4 * MINUTE);
    sandboxes.use('b');
    advance(MINUTE);
    expect(sandboxes.dropIdle()).toEqual(['a']);
    expect(sandboxes.has('a')).toBe(false);
    expect(sandboxes.sessions('a')).toBeNull();
    expect(forgotten.filter((name) => name === 'a').length).toBeGreaterThanOrEqual(2);
  });
});

describe('SandboxClock', () => {
  it('follows the real time, runs on from a set moment, or stands frozen', () => {
    let real = 1_000_000;
    const clock = new SandboxClock(null, () => real);
    expect(clock.state()).toMatchObject({ frozen: false, real: true });
    clock.set({ now: '2026-11-01T09:00:00Z', frozen: false });
    real += 5_000;
    expect(clock.now()).toBe(Date.parse('2026-11-01T09:00:05Z'));
    clock.set({ now: '2026-01-01T00:00:00Z', frozen: true });
    real += 5_000;
    expect(clock.state()).toEqual({ now: '2026-01-01T00:00:00.000Z', frozen: true, real: false });
    clock.set({ now: null, frozen: false });
    expect(clock.now()).toBe(real);
    clock.set({ now: null, frozen: true });
    real += 5_000;
    expect(clock.now()).toBe(real - 5_000);
  });

  it('starts at a given moment and runs on from it (test mode)', () => {
    let real = 1_000_000;
    const clock = new SandboxClock(Date.parse('2026-11-01T09:00:00Z'), () => real);
    expect(clock.state()).toEqual({ now: '2026-11-01T09:00:00.000Z', frozen: false, real: false });
    real += 1_500;
    expect(clock.now()).toBe(Date.parse('2026-11-01T09:00:01.500Z'));
  });
});

describe('repositories in sandboxes', () => {
  it('share the fixtures until a sandbox writes, then copy that collection only', async () => {
    const seed = () =>
      ({
        account: [{ id: 'a1', name: 'One' }],
        project: [{ id: 'p1', account: 'a1', name: 'P' }],
      }) as unknown as Collections;
    const db = await openDatabase({ dataDir: null, seed });
    const scope = new SandboxScope();
    const repositories = createRepositories(db, { scope, fixtures: () => db.fixtures() });
    const clock = { now: () => 0 };
    const inA = <T>(fn: () => T) => runInSandbox({ name: 'a', clock }, fn);
    const inB = <T>(fn: () => T) => runInSandbox({ name: 'b', clock }, fn);

    // Reading in two sandboxes gives the very same rows: nothing was copied.
    expect(inA(() => repositories.project.all())).toBe(inB(() => repositories.project.all()));
    await inA(() => repositories.project.insert({ id: 'p2', account: 'a1', name: 'Q' } as never));
    expect(inA(() => repositories.project.all().map((p) => p.id))).toEqual(['p1', 'p2']);
    expect(inB(() => repositories.project.all().map((p) => p.id))).toEqual(['p1']);
    expect(repositories.project.all().map((p) => p.id)).toEqual(['p1']);
    // The untouched collection is still shared; the row objects are too.
    expect(inA(() => repositories.account.all())).toBe(inB(() => repositories.account.all()));
    expect(inA(() => repositories.project.byId('p1'))).toBe(inB(() => repositories.project.byId('p1')));
    // A write that finds nothing copies nothing.
    expect(await inB(() => repositories.account.update('missing', { name: 'x' }))).toBeUndefined();
    expect(inB(() => repositories.account.all())).toBe(inA(() => repositories.account.all()));
    // Forgetting the sandbox (its reset) brings the fixtures back.
    scope.forget('a');
    expect(inA(() => repositories.project.all().map((p) => p.id))).toEqual(['p1']);
    // The default store never saw any of it.
    expect(db.low.data.collections.project).toHaveLength(1);
  });
});

describe('inSandboxContext', () => {
  const clock = { now: () => 0 };
  const a = { name: 'a', clock };

  it('enters the context from outside, and from another sandbox', () => {
    expect(inSandboxContext(a, currentSandbox)).toBe('a');
    expect(runInSandbox({ name: 'b', clock }, () => inSandboxContext(a, currentSandbox))).toBe('a');
  });

  it('keeps the context it is already in, so code started there (a timer, a promise) stays in it', async () => {
    const seen = await runInSandbox(a, () =>
      inSandboxContext(a, () => new Promise<string>((resolve) => setTimeout(() => resolve(currentSandbox()), 1))),
    );
    expect(seen).toBe('a');
  });
});

describe('SandboxClock.real', () => {
  it('says whether the clock follows the machine, as its state does', () => {
    const clock = new SandboxClock(null);
    expect(clock.real).toBe(true);
    clock.set({ now: '2026-11-01T09:00:00Z', frozen: false });
    expect(clock.real).toBe(false);
    expect(clock.state().real).toBe(false);
    clock.set({ now: null, frozen: false });
    expect(clock.real).toBe(true);
    clock.set({ now: null, frozen: true });
    expect(clock.real).toBe(false);
  });
});
