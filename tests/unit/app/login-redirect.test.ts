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
});
