import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeNextPath } from '../../../src/app/features/auth/login/redirect.ts';

describe('where sign-in leads (spec §2)', () => {
  it('returns to the originally requested path with the login flag', () => {
    expect(afterLoginPath('?next=%2Fmeasurements%2F123%3Ftab%3Da')).toBe('/measurements/123?tab=a&login=true');
  });

  it('goes to / when there is no path or the path was /login', () => {
    expect(afterLoginPath('')).toBe('/?login=true');
    expect(afterLoginPath('?next=%2Flogin')).toBe('/?login=true');
    expect(afterLoginPath('?next=%2Flogin%3Fnext%3D%2Fx')).toBe('/?login=true');
  });

  it('sends a first login to /new-user', () => {
    expect(afterLoginPath('?next=%2Freports', true)).toBe('/new-user?login=true');
  });

  it('never leaves the site', () => {
    for (const next of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', 'evil']) {
      expect(safeNextPath(next)).toBe('/');
    }
  });

  // Issue 51 finding 1: `/..//evil.test` resolved on the origin to the path `//evil.test`, which
  // the browser then followed to evil.test. Every spelling below must stay home.
  const ORIGIN = 'http://127.0.0.1:8080';
  const foreign = [
    '/..//evil.test',
    '/..//evil.test/phish',
    '/../..//evil.test/phish?x=1#y',
    '/.//evil.test',
    '/./..//evil.test',
    '/%2e%2e//evil.test',
    '/.%2E//evil.test',
    '/a/../..//evil.test',
    '//evil.test',
    '///evil.test',
    '////evil.test/phish',
    '/\\evil.test',
    '/\\/evil.test',
    '\\\\evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r\n/evil.test',
    '\t//evil.test',
    ' //evil.test',
    '/\t\\evil.test',
    '/..\\/evil.test',
    '/..\\\\evil.test',
    'https://evil.test/phish',
    'https:evil.test',
    'http:/evil.test',
    'HTTP://evil.test',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://127.0.0.1:8080@evil.test/',
    'http://127.0.0.1:9999/other-port',
    '',
    null,
  ];
  it.each(foreign.map((next) => [JSON.stringify(next), next]))('keeps %s on the site', (_, next) => {
    const path = safeNextPath(next, ORIGIN);
    expect(path).toBe('/');
  });

  it('hands back only paths that lead to the same origin when the browser follows them', () => {
    for (const next of foreign) {
      const path = safeNextPath(next, ORIGIN);
      expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
      expect(path.startsWith('//') || path.startsWith('/\\')).toBe(false);
    }
  });

  it('keeps harmless same-origin paths, encoded ones included', () => {
    expect(safeNextPath('/reports?tab=a#b', ORIGIN)).toBe('/reports?tab=a#b');
    expect(safeNextPath('/measurements/../reports', ORIGIN)).toBe('/reports');
    expect(safeNextPath('/%2F%2Fevil.test', ORIGIN)).toBe('/%2F%2Fevil.test');
    expect(safeNextPath('/search?q=//evil.test', ORIGIN)).toBe('/search?q=//evil.test');
    expect(safeNextPath('/\u0000/evil.test', ORIGIN)).toBe('/%00/evil.test');
    expect(safeNextPath(`${ORIGIN}/reports`, ORIGIN)).toBe('/');
  });
});
