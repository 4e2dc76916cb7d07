import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_FIXTURES_PATH } from '../../../fixtures/generate.ts';
import { type Collections } from '../../../server/store/collections.ts';
import { isResourceName, RESOURCE_NAMES, resources, loginRequest } from '../../../src/shared/schemas/index.ts';
import { storedUserRow } from '../../../src/shared/schemas/user.ts';

const DECISIONS_RESOURCES = [
  // Added since (scheduled reports), beside decisions.md §2's list.
  'report-schedule',
  'account',
  'user',
  'contract',
  'purchase-order',
  'measurement',
  'measurement-tag',
  'import-job',
  'import-job-status',
  'import-job-config',
  'upload-template',
  'custom-parameter-template',
  'third-party-macro',
  'label-category',
  'label-value',
  'report',
  'saved-report',
  'project',
  'activation',
  'domain-list',
  'name-mapping',
  'model',
  'advertising-channel',
  'media-partner',
  'media-type',
  'device-type',
  'format',
  'third-party-macro-vendor',
];

const ID = '650000000000000000000003';

describe('resource registry', () => {
  it('describes exactly the resources of decisions.md §2', () => {
    expect([...RESOURCE_NAMES].sort()).toEqual([...DECISIONS_RESOURCES].sort());
  });

  it('uses the account filter forms of spec §7', () => {
    expect(resources.contract.accountFilter).toBe('accounts');
    expect(resources['label-value'].accountFilter).toBe('category.account');
    expect(resources['import-job-status'].accountFilter).toBe('account._id');
    expect(resources.measurement.accountFilter).toBe('account');
    expect(resources.model.accountFilter).toBeNull();
  });

  it('sorts users by first and last name', () => {
    expect(resources.user.defaultSort.map((s) => s.field)).toEqual(['first_name', 'last_name']);
  });

  it('refuses unknown and server-set fields on create and update (mass assignment)', () => {
    for (const name of RESOURCE_NAMES) {
      const definition = resources[name];
      for (const extra of [{ id: ID }, { created_at: '2026-01-01T00:00:00.000Z' }, { is_admin: true }]) {
        expect(definition.create.safeParse(extra).success, `${name} create ${Object.keys(extra)[0]}`).toBe(false);
        expect(definition.update.safeParse(extra).success, `${name} update ${Object.keys(extra)[0]}`).toBe(false);
      }
    }
    expect(resources.user.create.safeParse({ password_hash: 'x' }).success).toBe(false);
  });

  it('does not fill in fields on a partial update', () => {
    const parsed = resources.measurement.update.parse({ name: 'Spring flight' });
    expect(parsed).toEqual({ name: 'Spring flight' });
  });

  it('checks a measurement flight is in order', () => {
    const result = resources.measurement.update.safeParse({ start_date: '2026-05-02', end_date: '2026-05-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['end_date']);
  });

  it('names isResourceName only for registered names', () => {
    expect(isResourceName('measurement')).toBe(true);
    expect(isResourceName('toString')).toBe(false);
    expect(isResourceName('__proto__')).toBe(false);
  });

  it('validates the login body with the spec texts', () => {
    expect(loginRequest.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe('Email required');
    expect(loginRequest.safeParse({ email: 'a b@c.d', password: 'x' }).error?.issues[0]?.message).toBe(
      'Invalid email format',
    );
    expect(loginRequest.safeParse({ email: 'a@b.co', password: '' }).error?.issues[0]?.message).toBe(
      'Password required',
    );
    expect(loginRequest.parse({ email: ' Reader@Northwind.TEST ', password: 'x' }).email).toBe('reader@northwind.test');
  });
});

describe('demo fixtures', () => {
  const collections = JSON.parse(readFileSync(DEMO_FIXTURES_PATH, 'utf8')) as Collections;

  it('parse with their resource schemas', () => {
    for (const [name, rows] of Object.entries(collections)) {
      if (!isResourceName(name)) continue;
      const schema = name === 'user' ? storedUserRow : resources[name].row;
      for (const row of rows) {
        const result = schema.safeParse(row);
        expect(result.error?.issues ?? [], `${name} ${row.id}`).toEqual([]);
      }
    }
  });
});

describe('create inputs default what has a natural empty value', () => {
  it('lists default to [] and nullable references to null; an update changes only what it names', async () => {
    const { measurementCreate, measurementUpdate } = await import('../../../src/shared/schemas/measurement.ts');
    const created = measurementCreate.parse({
      account: '650000000000000000000005',
      name: 'Lean body',
      status: 'draft',
      start_date: '2026-09-01',
      end_date: '2026-09-30',
    });
    expect(created).toMatchObject({
      channels: [],
      formats: [],
      media_partners: [],
      labels: [],
      ad_server: null,
      custom_parameter_template: null,
      project: null,
      contract: null,
    });
    expect(measurementUpdate.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
    // Each create gets its own list, not one shared array.
    const again = measurementCreate.parse({ ...created, labels: undefined });
    expect(again.labels).not.toBe(created.labels);
  });
});
