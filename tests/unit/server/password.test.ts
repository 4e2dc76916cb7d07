import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/auth/password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Lamp-Demo-2026!');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Lamp-Demo-2026!', hash)).toBe(true);
    expect(await verifyPassword('lamp-demo-2026!', hash)).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toEqual(await hashPassword('same'));
  });

  it('is deterministic with a given salt (for fixtures)', async () => {
    const salt = Buffer.alloc(16, 1);
    expect(await hashPassword('x', salt)).toEqual(await hashPassword('x', salt));
  });

  it('treats missing or malformed hashes as a mismatch', async () => {
    for (const stored of [null, undefined, '', 'plain', 'scrypt$1$2$3$$', 'bcrypt$x$y$z$a$b']) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });
});
