import { expect, it } from 'vitest';

it('the accounts and the user, parsed before the registry has loaded, use the registry’s own schemas', async () => {
  const session = await import('../../../src/lib/session-schema.ts');
  const bundle = await import('../../../src/lib/schema-bundle.ts');
  expect(session.accountRow).toBe(bundle.resources.account.row);
  expect(session.userRow).toBe(bundle.userRow);
});
