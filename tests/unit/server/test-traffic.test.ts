/**
 * The pieces behind faults and the journal: path patterns, the seeded generator, rule
 * matching and its draws, the Prefer parser, the journal's ring and redaction.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FaultRules, parsePrefer, preferFault } from '../../../server/sandbox/faults.ts';
import { Journal, journalBody, redactedCopy, type StoredEntry } from '../../../server/sandbox/journal.ts';
import { pathMatcher } from '../../../server/sandbox/path-pattern.ts';
import { between, seededRandom } from '../../../server/sandbox/random.ts';
import { FaultRuleBodySchema, type FaultRuleBody } from '../../../src/shared/schemas/test-traffic.ts';

const rules = (...bodies: FaultRuleBody[]) => {
  const faults = new FaultRules();
  for (const body of bodies) faults.add(FaultRuleBodySchema.parse(body));
  return faults;
};

describe('path patterns', () => {
  it.each([
    ['/api/v1/measurement', '/api/v1/measurement', true],
    ['/api/v1/measurement', '/api/v1/measurement/x', false],
    ['/api/v1/*', '/api/v1/measurement', true],
    ['/api/v1/*', '/api/v1/measurement-tag/download', false],
    ['/api/v1/**', '/api/v1/measurement-tag/download', true],
    ['/api/**', '/api/health', true],
    ['/api/*/stim/*/creative', '/api/spotlight/stim/abc/creative', true],
    ['/api/v1/measurement*', '/api/v1/measurement-tag', true],
    ['/api/v1/a.b', '/api/v1/aXb', false],
    ['/api/v1/(x)', '/api/v1/(x)', true],
    ['/api/**/x', '/api/x', false],
    ['/api/**/x', '/api//x', true],
    ['/api/**x', '/api/x', true],
    ['/api/*/x', '/api//x', true],
    ['/api/*/x', '/api/a/b/x', false],
    ['/api/***', '/api/a/b', true],
    ['/api/**/*', '/api/a/b', true],
    ['/api/**/*', '/api/', false],
    ['/**', '/', true],
    ['/*', '/a/', false],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(pathMatcher(pattern)(path)).toBe(expected);
  });

  // The regular expression the matcher replaces: right, but exponential on some patterns.
  const reference = (pattern: string) => {
    const source = pattern
      .split(/(\*\*|\*)/)
      .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return new RegExp(`^${source}$`);
  };

  it('agrees with the regular expression it replaced on any small pattern and path', () => {
    const piece = fc.constantFrom('/', 'a', 'b', '.', '*', '**');
    const char = fc.constantFrom('/', 'a', 'b', '.');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.array(char, { maxLength: 12 }), (pieces, chars) => {
        const pattern = `/${pieces.join('')}`;
        const path = `/${chars.join('')}`;
        expect(pathMatcher(pattern)(path)).toBe(reference(pattern).test(path));
      }),
      { numRuns: 2000 },
    );
  });

  it('takes linear time on patterns that made the regular expression backtrack for seconds', () => {
    // Ten ** against 26 segments: about 2 s for the old regular expression on a quiet machine,
    // doubling with each segment more.
    const pattern = `/${Array.from({ length: 10 }, () => '**').join('/')}/x`;
    const path = `/api/v1/${'a/'.repeat(26)}`;
    const started = performance.now();
    expect(pathMatcher(pattern)(path)).toBe(false);
    expect(pathMatcher(pattern)(`${path}x`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('the seeded generator', () => {
  it('repeats its sequence for a seed, differs for another, and stays in range', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = Array.from({ length: 20 }, () => a());
    expect(Array.from({ length: 20 }, () => b())).toEqual(first);
    expect(Array.from({ length: 20 }, () => c())).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
    const random = seededRandom(5);
    const drawn = new Set(Array.from({ length: 500 }, () => between(random, 3, 6)));
    expect([...drawn].sort()).toEqual([3, 4, 5, 6]);
  });
});

describe('fault rules', () => {
  it('draw ranged delays from the seed: the same sequence on every run, within the range', () => {
    const delays = (seed: number) => {
      const faults = rules({ path: '/api/x', delay: { min: 10, max: 500 }, seed });
      return Array.from({ length: 10 }, () => faults.decide('GET', '/api/x')?.delayMs);
    };
    expect(delays(11)).toEqual(delays(11));
    expect(delays(11)).not.toEqual(delays(12));
    for (const delay of delays(11)) {
      expect(delay).toBeGreaterThanOrEqual(10);
      expect(delay).toBeLessThanOrEqual(500);
    }
  });

  it('skip an exhausted rule and a failed draw for the older ones', () => {
    const faults = rules({ path: '/api/x', status: 500 }, { path: '/api/x', status: 418, times: 1 });
    expect(faults.decide('GET', '/api/x')).toMatchObject({ source: 'f2', outcome: { status: 418 } });
    expect(faults.decide('GET', '/api/x')).toMatchObject({ source: 'f1', outcome: { status: 500 } });
    const never = rules({ path: '/api/x', status: 500 }, { path: '/api/x', status: 418, probability: 0 });
    expect(never.decide('GET', '/api/x')).toMatchObject({ source: 'f1' });
    expect(never.list().map((r) => [r.id, r.matched, r.applied])).toEqual([
      ['f1', 1, 1],
      ['f2', 1, 0],
    ]);
  });

  it('describe each outcome: pass with a delay, an answer, a drop', () => {
    const faults = rules(
      { path: '/api/pass', delay: 5 },
      { path: '/api/answer', status: 201, body: { ok: true } },
      { path: '/api/drop', drop: true, delay: 7 },
    );
    expect(faults.decide('GET', '/api/pass')).toEqual({ source: 'f1', delayMs: 5, outcome: { kind: 'pass' } });
    expect(faults.decide('PUT', '/api/answer')).toEqual({
      source: 'f2',
      delayMs: 0,
      outcome: { kind: 'answer', status: 201, body: { ok: true } },
    });
    expect(faults.decide('GET', '/api/drop')).toEqual({ source: 'f3', delayMs: 7, outcome: { kind: 'drop' } });
    expect(faults.decide('GET', '/api/other')).toBeNull();
  });

  it('hand out copies: a caller cannot change a rule', () => {
    const faults = rules({ path: '/api/x', status: 500 });
    const [listed] = faults.list();
    if (listed) listed.status = 200;
    expect(faults.decide('GET', '/api/x')?.outcome).toMatchObject({ status: 500 });
  });
});

describe('the Prefer header', () => {
  it('parses tokens, values, quoted strings and parameters', () => {
    expect(parsePrefer('return=minimal; foo="bar", lamp-status=503,lamp-message="a, \\"b\\"" , respond-async')).toEqual(
      [
        { token: 'return', value: 'minimal' },
        { token: 'lamp-status', value: '503' },
        { token: 'lamp-message', value: 'a, "b"' },
        { token: 'respond-async', value: null },
      ],
    );
    expect(parsePrefer(['lamp-delay=5', 'LAMP-DROP'])).toEqual([
      { token: 'lamp-delay', value: '5' },
      { token: 'lamp-drop', value: null },
    ]);
  });

  it('turns lamp-* preferences into a one-off fault, and ignores the rest', () => {
    expect(preferFault(undefined)).toBeNull();
    expect(preferFault('return=minimal')).toBeNull();
    expect(preferFault('lamp-delay=0')).toEqual({
      source: 'prefer',
      delayMs: 0,
      applied: '',
      outcome: { kind: 'pass' },
    });
    expect(preferFault('lamp-status=503, lamp-delay=200')).toEqual({
      source: 'prefer',
      delayMs: 200,
      applied: 'lamp-status=503, lamp-delay=200',
      outcome: { kind: 'answer', status: 503, body: undefined },
    });
    expect(preferFault('lamp-status=500, lamp-message="Down"')?.outcome).toEqual({
      kind: 'answer',
      status: 500,
      body: undefined,
      message: 'Down',
    });
    expect(preferFault('lamp-drop')?.outcome).toEqual({ kind: 'drop' });
  });

  it.each([
    'lamp-status=',
    'lamp-status=5xx',
    'lamp-delay=1.5',
    'lamp-drop=yes',
    'lamp-message=""',
    'lamp-status=200, lamp-message=x',
    'lamp-x',
  ])('refuses %s', (header) => {
    expect(() => preferFault(header)).toThrow(/^Prefer: /);
  });
});

describe('the journal', () => {
  const entry = (n: number, method = 'GET', path = '/api/health'): StoredEntry => ({
    atMs: 1_000 * n,
    method,
    path,
    query: {},
    status: 200,
    duration_ms: 1,
    body: null,
    body_size: null,
    fault: null,
    headers: {},
  });

  it('keeps the newest entries in order, counts the dropped, and starts over when cleared', () => {
    const journal = new Journal(3);
    for (let n = 1; n <= 7; n += 1) journal.record(entry(n));
    expect(journal.list().map((e) => e.id)).toEqual([5, 6, 7]);
    expect(journal.dropped).toBe(4);
    expect(journal.list()[0]?.at).toBe(new Date(5_000).toISOString());
    journal.clear();
    expect(journal.list()).toEqual([]);
    expect(journal.dropped).toBe(0);
    journal.record(entry(8));
    expect(journal.list().map((e) => e.id)).toEqual([8]);
  });

  it('keeps nothing with a limit of 0', () => {
    const journal = new Journal(0);
    journal.record(entry(1));
    expect(journal.count()).toBe(0);
  });

  it('filters by methods, path pattern and time', () => {
    const journal = new Journal(10);
    journal.record(entry(1, 'GET', '/api/health'));
    journal.record(entry(2, 'POST', '/api/v1/auth'));
    journal.record(entry(3, 'PUT', '/api/v1/project'));
    expect(journal.list({ methods: ['POST', 'PUT'] }).map((e) => e.id)).toEqual([2, 3]);
    expect(journal.list({ path: '/api/v1/*' }).map((e) => e.id)).toEqual([2, 3]);
    expect(journal.count({ sinceMs: 2_000 })).toBe(2);
    expect(journal.count({ sinceMs: 2_001, methods: ['POST'] })).toBe(0);
  });

  it('redacts secrets at every depth, and copies the body', () => {
    const body = { email: 'a@b.c', Password: 'x', profile: { new_password: 'y', list: [{ token: 'z', keep: 1 }] } };
    const copy = redactedCopy(body);
    expect(copy).toEqual({
      email: 'a@b.c',
      Password: '[redacted]',
      profile: { new_password: '[redacted]', list: [{ token: '[redacted]', keep: 1 }] },
    });
    body.email = 'changed';
    expect((copy as { email: string }).email).toBe('a@b.c');
    expect(journalBody({ a: 1 }, 10)).toEqual({ a: 1 });
    expect(journalBody({ a: 1 }, 70_000)).toBeNull();
    expect(journalBody(undefined, null)).toBeNull();
    expect(journalBody('text', 4)).toBe('text');
  });
});
