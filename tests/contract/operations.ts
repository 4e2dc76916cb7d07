/**
 * The operations outside the resource engine, one entry each: the requests that walk it, in order,
 * each with the status the server must answer (see Step in client.ts). An entry may also add
 * requests to an engine operation ('PUT /api/v1/measurement': a stale If-Match, say): the generic
 * walk (resources.ts) covers the engine's operations already.
 *
 * To add an operation, add one line:
 *
 *   'GET /api/v1/report-data': (w) => [{ as: 'reader', query: { report: w.id('report') }, status: 200 }, noSession],
 *
 * Walk what a client would meet: the success answer as each role that matters, and each error
 * answer the operation documents (400, 401, 403, 404, 409/412, 415, 429). A request that breaks
 * the document on purpose says `invalid: true`. Entries run in this order, after the generic walk;
 * an entry that changes shared state (a session, the data) cleans up or runs late.
 */
import { ACCOUNT_IDS, USER_IDS } from '../../fixtures/ids.ts';
import { NO_SUCH_ID, PASSWORD, PERSONAS, type Step } from './client.ts';
import type { World } from './contract.ts';

type Entry = (w: World) => Step[] | Promise<Step[]>;

/** The same request without a session: 401 on an operation that needs one. */
const noSession: Step = { status: 401, invalid: true };
const json = (status: number, body: unknown, extra: Partial<Step> = {}): Step => ({ status, body, ...extra });
const asText: Partial<Step> = { type: 'text/plain', invalid: true };

/** A measurement's CSV of delivery for an import: the first flight day. */
const deliveryCsv = (w: World) => `Date,Impressions\n${String(w.row('measurement').start_date)},1000\n`;

export const OPERATIONS: Record<string, Entry> = {
  'GET /api/health': () => [{ status: 200 }],
  'GET /api/openapi.json': () => [{ status: 200 }],
  'GET /api/reference': () => [{ status: 200 }],
  'POST /api/v1/auth': () => [
    json(200, { email: PERSONAS.reader, password: PASSWORD }),
    json(200, { email: 'unverified@northwind.test', password: PASSWORD }),
    json(400, { email: 'not an address' }, { invalid: true }),
    json(401, { email: PERSONAS.reader, password: 'wrong password' }),
    { body: 'email=x', ...asText, status: 415 },
    // Five failures for one address and e-mail, then the throttle answers.
    ...Array.from({ length: 5 }, () => json(401, { email: 'nobody@example.test', password: 'wrong' })),
    json(429, { email: 'nobody@example.test', password: 'wrong' }),
  ],
  'GET /api/v1/unauth': async (w) => [{ as: await w.freshSession(), status: 200 }, { status: 200 }],
  'GET /api/v1/current-user': () => [{ as: 'reader', status: 200 }, { as: 'new', status: 200 }, noSession],
  'POST /api/v1/forgotten-password': () => [
    json(200, { email: PERSONAS.reader }),
    json(200, { email: 'nobody@example.test' }),
    { body: `email=${encodeURIComponent(PERSONAS.reader)}`, type: 'application/x-www-form-urlencoded', status: 200 },
    json(400, { email: 'not an address' }, { invalid: true }),
    { body: 'email=x', ...asText, status: 415 },
  ],
  'POST /api/v1/reset-password': async (w) => {
    const user = await w.throwawayUser();
    const link = await w.link('reset-password', user.email);
    const reset = { mac: link.get('m'), time: Number(link.get('t')), user_id: link.get('u') };
    const newPassword = 'Contract-Walk-2026!';
    return [
      // A change ends the user's sessions (this one continues under a new id): the failure first.
      json(400, { current_password: 'wrong', new_password: newPassword }, { as: user.session }),
      json(200, { current_password: PASSWORD, new_password: newPassword }, { as: user.session }),
      json(401, { current_password: PASSWORD, new_password: newPassword }),
      json(200, { ...reset, new_password: 'Another-Walk-2026!' }),
      json(400, { ...reset, new_password: 'Another-Walk-2026!' }), // a link works once
      json(400, { ...reset, mac: 'forged', new_password: 'Another-Walk-2026!' }),
      { body: 'x', ...asText, status: 415 },
    ];
  },
  'GET /api/v1/login-link': async (w) => {
    const user = await w.throwawayUser();
    const link = await w.link('login-link', user.email);
    return [
      { query: Object.fromEntries(link), status: 200 },
      { query: { ...Object.fromEntries(link), m: 'forged' }, status: 400 },
      { query: { m: 'x' }, status: 400, invalid: true },
    ];
  },
  'POST /api/v1/user/update-current-user': async (w) => {
    const user = await w.throwawayUser();
    return [
      json(200, { first_name: 'Contract', viewed_marketing_consent: true }, { as: user.session }),
      json(409, { email: PERSONAS.reader }, { as: user.session }),
      json(400, { super_admin: true }, { as: user.session, invalid: true }),
      json(401, { first_name: 'Contract' }, { invalid: true }),
      { as: user.session, body: 'x', ...asText, status: 415 },
    ];
  },
  'GET /api/v1/demo/personas': () => [{ status: 200 }],
  'GET /api/v1/testing/outbox': () => [{ status: 200 }, { query: { to: PERSONAS.reader }, status: 200 }],
  'POST /api/v1/testing/outbox/links': () => [
    json(201, { kind: 'login-link', email: PERSONAS.reader }),
    json(201, { kind: 'reset-password', email: PERSONAS.reader, time: Date.now() - 2 * 60 * 60 * 1000 }),
    json(404, { kind: 'login-link', email: 'nobody@example.test' }),
    json(400, { kind: 'postcard', email: PERSONAS.reader }, { invalid: true }),
  ],
  'DELETE /api/v1/testing/outbox': () => [{ status: 204 }],
  'POST /api/v1/testing/users': () => [
    json(201, { email: 'contract-users@example.test', password: PASSWORD }),
    json(409, { email: PERSONAS.reader }),
    json(400, { email: 'contract-users-2@example.test', role: 'super' }, { invalid: true }),
  ],
  'GET /api/v1/measurement-metrics': (w) => [
    { as: 'reader', query: { measurement: w.id('measurement') }, status: 200 },
    {
      as: 'reader',
      query: { measurement: w.id('measurement'), start_date: '2026-01-01', end_date: '2026-12-31', breakdown_limit: 3 },
      status: 200,
    },
    {
      as: 'reader',
      query: { measurement: w.id('measurement'), start_date: '2026-12-31', end_date: '2026-01-01' },
      status: 400,
    },
    { as: 'foreign', query: { measurement: w.id('measurement') }, status: 403 },
    { as: 'reader', query: { measurement: NO_SUCH_ID }, status: 404 },
    { as: 'reader', query: { measurement: 'nope' }, status: 400, invalid: true },
    { query: { measurement: w.id('measurement') }, ...noSession },
  ],
  'GET /api/v1/measurement-tag/download': (w) => [
    { as: 'reader', query: { measurement: w.id('measurement'), format: 'json' }, status: 200 },
    { as: 'reader', query: { measurement: w.id('measurement'), type: 'video', format: 'txt' }, status: 200 },
    { as: 'foreign', query: { measurement: w.id('measurement'), format: 'json' }, status: 403 },
    { as: 'reader', query: { measurement: NO_SUCH_ID }, status: 404 },
    { query: { measurement: w.id('measurement') }, ...noSession },
  ],
  'POST /api/v1/measurement-tag/upload': (w) => {
    const upload = {
      measurement: w.id('measurement'),
      upload_template: w.id('upload-template'),
      file_name: 'tags.csv',
    };
    return [
      json(200, { ...upload, csv: 'Placement,Creative\nHome MPU,Spring 300x250\n', dry_run: true }, { as: 'writer' }),
      json(200, { ...upload, csv: 'Placement,Creative\n,Spring 300x250\n', dry_run: true }, { as: 'writer' }),
      json(400, { ...upload, upload_template: NO_SUCH_ID, csv: 'Placement\nx\n' }, { as: 'writer' }),
      json(403, { ...upload, csv: 'Placement,Creative\nA,B\n' }, { as: 'reader' }),
      json(401, { ...upload, csv: 'Placement,Creative\nA,B\n' }, { invalid: true }),
      { as: 'writer', body: 'x', ...asText, status: 415 },
    ];
  },
  'POST /api/v1/import-job/upload': (w) => {
    const config = w.row('import-job-config', (row) => typeof row.upload_template === 'string');
    const upload = {
      measurement: w.id('measurement'),
      import_job_config: String(config.id),
      file_name: 'delivery.csv',
    };
    return [
      json(201, { ...upload, csv: deliveryCsv(w) }, { as: 'writer' }),
      json(400, { ...upload, import_job_config: NO_SUCH_ID, csv: deliveryCsv(w) }, { as: 'writer' }),
      json(403, { ...upload, csv: deliveryCsv(w) }, { as: 'reader' }),
      json(401, { ...upload, csv: deliveryCsv(w) }, { invalid: true }),
      json(400, { ...upload, csv: '' }, { as: 'writer', invalid: true }),
    ];
  },
  'POST /api/v1/import-job/advance': () => [
    { query: { steps: 6 }, status: 200 },
    { query: { steps: 0 }, status: 400, invalid: true },
  ],
  // Engine operations' answers the generic walk cannot derive.
  'POST /api/v1/user': (w) => [json(409, { ...w.copy('user'), email: PERSONAS.reader }, { as: 'admin' })],
  'DELETE /api/v1/user': () => [{ as: 'admin', query: { id: USER_IDS.northwindAdmin }, status: 409 }],
  'DELETE /api/v1/account': () => [{ as: 'root', query: { id: ACCOUNT_IDS.lampHq }, status: 409 }],
  // Last: everything back to the fixtures.
  'POST /api/v1/testing/reset': () => [{ status: 200 }],
};
