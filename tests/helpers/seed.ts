/**
 * A small, fixed data set for API tests: the personas and accounts of decisions.md §1 (same
 * e-mails, roles and account ids as the demo fixtures) and one or two rows of every resource in
 * an own and a foreign account, so tests do not depend on the demo data's details.
 */
import { SANDBOX_HEADER } from '../../server/sandbox/scope.ts';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_IDS } from '../../src/shared/demo-data.ts';
import type { Collections, Row } from '../../server/store/collections.ts';
import { hashPassword } from '../../server/auth/password.ts';
import type { Config } from '../../server/config.ts';
import { SESSION_COOKIE } from '../../server/plugins/session.ts';
import { openDatabase } from '../../server/store/database.ts';
import { buildTestApp } from './app.ts';
import { injectWith, type InjectMethod } from './http.ts';

export type { InjectMethod };

export const PASSWORD = 'Lamp-Demo-2026!';
const HASH = await hashPassword(PASSWORD, Buffer.alloc(16, 1));
const CREATED = '2026-01-15T10:00:00.000Z';

let counter = 0;
/** Deterministic 24-hex ids, distinct from the account ids. */
export function testId(prefix = 'ab'): string {
  counter += 1;
  return `${prefix}${counter.toString(16).padStart(22, '0')}`;
}

const A = ACCOUNT_IDS;
export const OWN = A.northwind;
export const FOREIGN = A.tailspin;

type GrantSpec = [account: string, role: string];
function user(
  id: string,
  email: string,
  account: string,
  options: {
    grants?: GrantSpec[];
    rootGrants?: GrantSpec[];
    superAdmin?: boolean;
    verified?: boolean;
    viewed?: boolean;
  },
) {
  const [first, last] = email.split('@') as [string, string];
  return {
    id,
    account,
    first_name: first.charAt(0).toUpperCase() + first.slice(1),
    last_name: last.split('.')[0] ?? 'User',
    email,
    created_at: CREATED,
    super_admin: options.superAdmin ?? false,
    access_grants: (options.grants ?? []).map(([id, role]) => ({ id, type: 'account', role })),
    root_account_access_grants: (options.rootGrants ?? []).map(([id, role]) => ({ id, type: 'account', role })),
    viewed_marketing_consent: options.viewed ?? true,
    marketing_consent: false,
    email_verified: options.verified ?? true,
    last_login_at: null,
    password_hash: HASH,
  };
}

export const PERSONA_IDS = {
  super: 'a10000000000000000000001',
  root: 'a10000000000000000000002',
  admin: 'a10000000000000000000003',
  writer: 'a10000000000000000000004',
  reader: 'a10000000000000000000005',
  partner: 'a10000000000000000000006',
  selfserve: 'a10000000000000000000007',
  tailspinAdmin: 'a10000000000000000000008',
  unverified: 'a10000000000000000000009',
  new: 'a1000000000000000000000a',
} as const;

export const EMAILS = {
  super: 'super@lamp.test',
  root: 'root@lamp.test',
  admin: 'admin@northwind.test',
  writer: 'writer@northwind.test',
  reader: 'reader@northwind.test',
  partner: 'partner@contoso.test',
  selfserve: 'selfserve@fabrikam.test',
  tailspinAdmin: 'admin@tailspin.test',
  unverified: 'unverified@northwind.test',
  new: 'new@northwind.test',
} as const;

export type Persona = keyof typeof PERSONA_IDS;
/** The five roles of the ladder, by the persona that resolves to each in Northwind Media (or everywhere). */
export const ROLE_PERSONAS = { super: 'super', root: 'root', admin: 'admin', write: 'writer', read: 'reader' } as const;

function account(id: string, name: string, type: string, lamp: boolean, spotlight: boolean) {
  return {
    id,
    name,
    type,
    created_at: CREATED,
    theme: { primary_colour: '#00badb', secondary_colour: '#334155', logo: null },
    feature_flags: { lamp_access: lamp, spotlight_access: spotlight },
  };
}

/** Fixed ids of the seeded rows, per resource and owner ('own' Northwind, 'foreign' Tailspin, 'global'). */
export const ROW_IDS: Record<string, Partial<Record<'own' | 'foreign' | 'global', string>>> = {};

export function testSeed(): Collections {
  counter = 0;
  const I = PERSONA_IDS;
  const c: Record<string, Row[]> = {
    account: [
      account(A.lampHq, 'Lamp HQ', 'partner', true, true),
      account(A.lampOperations, 'Lamp Operations', 'partner', true, false),
      account(A.northwind, 'Northwind Media', 'agency', true, false),
      account(A.contoso, 'Contoso Partners', 'partner', true, true),
      account(A.fabrikam, 'Fabrikam Self-serve', 'agency_self_serve', false, true),
      account(A.tailspin, 'Tailspin Agency', 'agency', true, false),
    ],
    user: [
      user(I.super, EMAILS.super, A.lampHq, { superAdmin: true, rootGrants: [[A.lampHq, 'root']] }),
      user(I.root, EMAILS.root, A.lampHq, { rootGrants: [[A.lampHq, 'root']] }),
      user(I.admin, EMAILS.admin, A.northwind, {
        grants: [
          [A.northwind, 'admin'],
          [A.contoso, 'read'],
        ],
      }),
      user(I.writer, EMAILS.writer, A.northwind, { grants: [[A.northwind, 'write']] }),
      user(I.reader, EMAILS.reader, A.northwind, { grants: [[A.northwind, 'read']] }),
      user(I.partner, EMAILS.partner, A.contoso, { grants: [[A.contoso, 'admin']] }),
      user(I.selfserve, EMAILS.selfserve, A.fabrikam, { grants: [[A.fabrikam, 'write']] }),
      user(I.tailspinAdmin, EMAILS.tailspinAdmin, A.tailspin, { grants: [[A.tailspin, 'admin']] }),
      user(I.unverified, EMAILS.unverified, A.northwind, { grants: [[A.northwind, 'read']], verified: false }),
      user(I.new, EMAILS.new, A.northwind, { grants: [[A.northwind, 'read']], viewed: false }),
    ],
  };
  const add = (resource: string, owner: 'own' | 'foreign' | 'global', row: Record<string, unknown>) => {
    const id = testId();
    (c[resource] ??= []).push({ id, created_at: CREATED, ...row });
    (ROW_IDS[resource] ??= {})[owner] = id;
    return id;
  };
  const lookups = ['model', 'advertising-channel', 'media-partner', 'media-type', 'device-type', 'format'];
  for (const name of lookups) add(name, 'global', { name: `${name} one` });
  const vendor = add('third-party-macro-vendor', 'global', { name: 'DV360', website: 'https://example.com' });
  const channel = ROW_IDS['advertising-channel']?.global as string;
  for (const [owner, acc] of [
    ['own', A.northwind],
    ['foreign', A.tailspin],
  ] as const) {
    const project = add('project', owner, { account: acc, name: `Project ${owner}`, description: '' });
    const category = add('label-category', owner, { account: acc, name: `Brand ${owner}` });
    const label = add('label-value', owner, {
      name: `Label ${owner}`,
      category_id: category,
      category: { id: category, name: `Brand ${owner}`, account: acc },
    });
    const measurement = add('measurement', owner, {
      account: acc,
      name: `Spring flight ${owner}`,
      status: 'live',
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      channels: [channel],
      formats: [],
      media_partners: [],
      labels: [label],
      ad_server: vendor,
      custom_parameter_template: null,
      project,
      contract: null,
      impressions: 1000,
      apm: 1200,
      updated_at: CREATED,
    });
    add('contract', owner, {
      billing_name: `Billing ${owner}`,
      accounts: [acc],
      measurements: [measurement],
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      value: 10000,
      currency: 'GBP',
      notes: '',
    });
    add('purchase-order', owner, {
      account: acc,
      reference: `PO-${owner}`,
      contract: null,
      amount: 500,
      currency: 'GBP',
      issued_date: '2026-02-01',
      status: 'open',
    });
    add('measurement-tag', owner, {
      account: acc,
      measurement,
      name: `Tag ${owner}`,
      third_party_macro: null,
      tag: '<script></script>',
    });
    const job = add('import-job', owner, {
      account: acc,
      measurement,
      job_type: 'upload',
      status: 'successful',
      file_name: 'data.csv',
      import_job_config: null,
      upload_template: null,
      rows_total: 10,
      rows_imported: 10,
      created_by: null,
      updated_at: CREATED,
    });
    add('import-job-status', owner, {
      account: acc,
      measurement,
      correlation_id: `corr-${owner}`,
      import_job_id: job,
      job_type: 'upload',
      status: 'success',
      message: 'Imported 10 rows',
    });
    add('import-job-config', owner, {
      account: acc,
      name: `Config ${owner}`,
      job_type: 'api',
      vendor,
      schedule: null,
      upload_template: null,
      enabled: true,
    });
    add('upload-template', owner, { account: acc, name: `Template ${owner}`, file_type: 'csv', columns: [] });
    add('custom-parameter-template', owner, { account: acc, name: `Params ${owner}`, parameters: [] });
    add('third-party-macro', owner, {
      account: acc,
      macro: '${CACHEBUSTER}',
      vendor,
      parameter: `cb_${owner}`,
      description: '',
    });
    add('report', owner, {
      account: acc,
      name: `Report ${owner}`,
      type: 'table',
      description: '',
      metrics: [],
      dimensions: [],
    });
    const savedReport = add('saved-report', owner, {
      name: `Saved ${owner}`,
      account: acc,
      start_date: '2026-03-01',
      end_date: '2026-03-31',
      relative_date: null,
      measured: true,
      measurements: [measurement],
      labels: [],
      created_by: null,
    });
    // Paused, so that a test moving the clock meets no delivery it did not ask for.
    add('report-schedule', owner, {
      account: acc,
      report: savedReport,
      frequency: 'weekly',
      weekday: 'monday',
      month_day: null,
      time: '09:00',
      time_zone: 'Europe/London',
      recipients: [owner === 'own' ? 'admin@northwind.test' : 'admin@tailspin.test'],
      format: 'csv',
      paused: true,
      created_by: null,
      next_run_at: null,
      handled_until: CREATED,
      attempts: 0,
      retry_slot: null,
      last_run_at: null,
      last_status: null,
    });
    add('activation', owner, {
      account: acc,
      name: `Activation ${owner}`,
      measurement,
      domain_list: null,
      vendor,
      status: 'draft',
      min_apm: null,
      deal_id: null,
    });
    add('domain-list', owner, { account: acc, name: `Domains ${owner}`, type: 'allow', domains: ['example.com'] });
    add('name-mapping', owner, {
      account: acc,
      type: 'advertising-channel',
      source_name: `Src ${owner}`,
      target: channel,
    });
  }
  add('report', 'global', {
    account: null,
    name: 'Global report',
    type: 'dashboard',
    description: '',
    metrics: [],
    dimensions: [],
  });
  return c;
}

/** An app in test mode over the test seed. */
export async function buildSeededApp(config: Partial<Config> = {}): Promise<FastifyInstance> {
  const database = await openDatabase({ dataDir: null, seed: testSeed });
  return buildTestApp(config, { database });
}

/** A session for a persona without the cost of a login (the login itself is tested in auth tests). */
export function sessionCookie(app: FastifyInstance, persona: Persona): string {
  return `${SESSION_COOKIE}=${app.sessions.create(PERSONA_IDS[persona])}`;
}

/** Headers of a signed-in JSON request. */
export function as(app: FastifyInstance, persona: Persona) {
  return { cookie: sessionCookie(app, persona) };
}

/** A signed-in request through app.inject, with a JSON body and an If-Match version when given. */
export function injectAs(
  app: FastifyInstance,
  persona: Persona,
  method: InjectMethod,
  url: string,
  payload?: object,
  ifMatch?: string,
) {
  return injectWith(app, sessionCookie(app, persona), method, url, { payload, ifMatch });
}

/** Headers of a signed-in request in a test sandbox, whose sessions are its own. */
export function asIn(app: FastifyInstance, persona: Persona, sandbox: string) {
  app.sandboxes.use(sandbox);
  return {
    cookie: app.inSandbox(sandbox, () => sessionCookie(app, persona)),
    [SANDBOX_HEADER]: sandbox,
  };
}
