import { describe, expect, it } from 'vitest';
import { fieldMessage, issuesByField } from '../../../../src/app/kit/formMessages.ts';
import { schemaFields } from '../../../../src/app/kit/schemaFields.ts';
import { resources } from '../../../../src/shared/schemas/index.ts';
import { messages } from '../../../../src/shared/messages.ts';

const byName = (fields: ReturnType<typeof schemaFields>) => Object.fromEntries(fields.map((f) => [f.name, f]));

describe('the kit schema-to-form mapping', () => {
  it('maps a contract: text, dates, numbers, an enum and a list of references', () => {
    const def = resources.contract;
    const fields = byName(schemaFields(def.create, { accounts: 'account', measurements: 'measurement' }));
    expect(fields.billing_name).toMatchObject({ kind: 'text', required: true });
    expect(fields.start_date).toMatchObject({ kind: 'date', required: false, nullable: true });
    expect(fields.value).toMatchObject({ kind: 'number', nullable: true });
    expect(fields.currency).toMatchObject({ kind: 'enum', options: ['GBP', 'EUR', 'USD'] });
    expect(fields.measurements).toMatchObject({ kind: 'references', resource: 'measurement' });
  });

  it('makes a reference field a picker of the resource the registry names', () => {
    const def = resources['label-value'];
    const fields = byName(schemaFields(def.create, def.references));
    expect(fields.category_id).toMatchObject({ kind: 'reference', resource: 'label-category', required: true });
    expect(fields.name).toMatchObject({ kind: 'text', required: true });
  });

  it('reads booleans and required user names with their spec messages', () => {
    const fields = byName(schemaFields(resources.user.create, resources.user.references));
    expect(fields.marketing_consent).toMatchObject({ kind: 'boolean' });
    const parsed = resources.user.create.safeParse({ first_name: '' });
    expect(parsed.success).toBe(false);
    const errors = issuesByField(parsed.error?.issues ?? [], { first_name: 'First name' });
    expect(errors.first_name).toBe(messages.validation.firstNameRequired);
  });

  it('puts server issues on their fields, first message first, prefixing bare predicates', () => {
    expect(
      issuesByField(
        [
          { path: 'name', message: 'is required' },
          { path: 'name', message: 'must be at most 200 characters' },
          { path: 'accounts.0', message: 'no such account' },
        ],
        { name: 'Name', accounts: 'Accounts' },
      ),
    ).toEqual({ name: 'Name is required', accounts: 'Accounts no such account' });
    expect(fieldMessage('Email', 'A user with this e-mail address already exists')).toBe(
      'A user with this e-mail address already exists',
    );
  });
});
