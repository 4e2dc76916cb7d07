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
 * an entry that changes shared state (a session, the data) cleans up or runs late. Spotlight's,
 * test control's and the account users area's entries live in operations-*.ts, spread in below.
 *
 * The conformance kit runs this table against other APIs: name accounts and users through
 * `w.cast` (never fixture ids), and throw Skip (world.ts) where an entry cannot run there.
 */
import { NO_SUCH_ID, PASSWORD, type Step } from './client.ts';
import { SPOTLIGHT_OPERATIONS } from './operations-spotlight.ts';
import { ACCOUNT_USERS_OPERATIONS } from './operations-accounts.ts';
import { TEST_CONTROL_OPERATIONS } from './operations-testing.ts';
import { asText, json, noSession, type Entry } from './steps.ts';
import { resources } from '../../src/shared/schemas/index.ts';
import { ownRows } from './resources.ts';
import { Skip, type World } from './world.ts';

/** A measurement's CSV of delivery for an import: the first flight day. */
const deliveryCsv = (w: World) => `Date,Impressions\n${String(w.row('measurement').start_date)},1000\n`;

/** A paused schedule of a Northwind report, made by its admin: its id. */
async function freshSchedule(w: World): Promise<string> {
  const answer = await w.send('POST /api/v1/report-schedule', {
    as: 'admin',
    body: { ...w.copy('report-schedule'), paused: true },
    status: 201,
  });
  const id = (answer.body as { data?: { id?: unknown } }).data?.id;
  if (typeof id !== 'string') throw new Error('no report schedule');
  return id;
}

export const OPERATIONS: Record<string, Entry> = {
  'GET /api/health': () => [{ status: 200 }],
  'GET /api/openapi.json': () => [{ status: 200 }],
  'GET /api/reference': () => [{ status: 200 }],
  'POST /api/v1/auth': (w) => [
    json(200, { email: w.cast.users.reader.email, password: w.cast.users.reader.password }),
    // A user who has not confirmed their address signs in too (the fixtures have one; a config need not).
    ...(w.cast.unverified ? [json(200, w.cast.unverified)] : []),
    json(400, { email: 'not an address' }, { invalid: true }),
    json(401, { email: w.cast.users.reader.email, password: 'wrong password' }),
    { body: 'email=x', ...asText, status: 415 },
    // Five failures for one address and e-mail, then the throttle answers.
    ...Array.from({ length: 5 }, () => json(401, { email: 'nobody@example.test', password: 'wrong' })),
    json(429, { email: 'nobody@example.test', password: 'wrong' }),
  ],
  // The app signs out with POST; the spec's GET stays for compatibility, refused from another site.
  'POST /api/v1/unauth': async (w) => [
    { as: await w.freshSession(), status: 200 },
    { status: 200 },
    { as: await w.freshSession(), headers: { origin: 'https://elsewhere.example' }, status: 403 },
  ],
  'GET /api/v1/unauth': async (w) => [
    { as: await w.freshSession(), status: 200 },
    { status: 200 },
    { as: await w.freshSession(), headers: { 'sec-fetch-site': 'cross-site' }, status: 403 },
  ],
  'GET /api/v1/current-user': () => [{ as: 'reader', status: 200 }, { as: 'new', status: 200 }, noSession],
  // The login page's probe: 200 whether or not a session is there (signed_in says which).
  'GET /api/v1/session': () => [{ as: 'reader', status: 200 }, { status: 200 }],
  'POST /api/v1/forgotten-password': (w) => [
    json(200, { email: w.cast.users.reader.email }),
    json(200, { email: 'nobody@example.test' }),
    {
      body: `email=${encodeURIComponent(w.cast.users.reader.email)}`,
      type: 'application/x-www-form-urlencoded',
      status: 200,
    },
    json(400, { email: 'not an address' }, { invalid: true }),
    { body: 'email=x', ...asText, status: 415 },
  ],
  'POST /api/v1/reset-password': async (w) => {
    const user = await w.throwawayUser();
    // The link is another user's: a password change ends every link sent before it.
    const link = await w.link('reset-password', (await w.throwawayUser()).email);
    const reset = { mac: link.get('m'), time: Number(link.get('t')), user_id: link.get('u') };
    const newPassword = 'Contract-Walk-2026!';
    // Wrong current passwords are throttled per user as sign-in is: five, then 429.
    const guesser = await w.throwawayUser();
    const guess = () => ({ current_password: 'wrong', new_password: newPassword });
    return [
      // A change ends the user's sessions (this one continues under a new id): the failure first.
      json(400, { current_password: 'wrong', new_password: newPassword }, { as: user.session }),
      json(200, { current_password: PASSWORD, new_password: newPassword }, { as: user.session }),
      json(401, { current_password: PASSWORD, new_password: newPassword }),
      json(200, { ...reset, new_password: 'Another-Walk-2026!' }),
      json(400, { ...reset, new_password: 'Another-Walk-2026!' }), // a link works once
      json(400, { ...reset, mac: 'forged', new_password: 'Another-Walk-2026!' }),
      { body: 'x', ...asText, status: 415 },
      ...Array.from({ length: 5 }, () => json(400, guess(), { as: guesser.session })),
      json(429, guess(), { as: guesser.session }),
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
      json(409, { email: w.cast.users.reader.email }, { as: user.session }),
      json(400, { super_admin: true }, { as: user.session, invalid: true }),
      json(401, { first_name: 'Contract' }, { invalid: true }),
      { as: user.session, body: 'x', ...asText, status: 415 },
    ];
  },
  ...TEST_CONTROL_OPERATIONS,
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
  'POST /api/v1/import-job/advance': (): Step[] => [
    { query: { steps: 6 }, status: 200 },
    { query: { clock: 'due' }, status: 200 },
    { query: { steps: 0 }, status: 400, invalid: true },
    { query: { clock: 'soon' }, status: 400, invalid: true },
  ],
  'GET /api/v1/report-data': (w) => [
    { as: 'reader', query: { measurement: w.id('measurement') }, status: 200 },
    {
      as: 'reader',
      query: { account: w.cast.accounts.own, relative_date: 'last_30_days', group_by: 'day' },
      status: 200,
    },
    { as: 'foreign', query: { account: w.cast.accounts.own }, status: 403 },
    { as: 'reader', query: { measurement: 'nope' }, status: 400, invalid: true },
    { query: { measurement: w.id('measurement') }, ...noSession },
  ],
  'GET /api/v1/measurement-domains': (w) => [
    { as: 'reader', query: { measurement: w.id('measurement'), min_apm: 0 }, status: 200 },
    { as: 'foreign', query: { measurement: w.id('measurement'), min_apm: 0 }, status: 403 },
    { as: 'reader', query: { measurement: NO_SUCH_ID, min_apm: 0 }, status: 404 },
    { as: 'reader', query: { measurement: 'nope' }, status: 400, invalid: true },
    { query: { measurement: w.id('measurement'), min_apm: 0 }, ...noSession },
  ],
  'POST /api/v1/activation/with-list': (w) => {
    const body = {
      name: 'Contract walk activation',
      measurement: String(w.row('activation', (row) => typeof row.vendor === 'string').measurement),
      vendor: String(w.row('activation', (row) => typeof row.vendor === 'string').vendor),
      min_apm: 0,
    };
    return [
      json(201, body, { as: 'writer' }),
      json(400, { ...body, min_apm: 999_999 }, { as: 'writer' }),
      json(404, { ...body, measurement: NO_SUCH_ID }, { as: 'writer' }),
      json(403, body, { as: 'foreign' }),
      json(401, body, { invalid: true }),
      { as: 'writer', body: 'x', ...asText, status: 415 },
    ];
  },
  'PUT /api/v1/activation/with-list': async (w) => {
    // Its own draft and active activations: a change with the version read (200), then the same
    // version again, now stale (412); an active one refuses its settings (409).
    const source = w.row('activation', (row) => typeof row.vendor === 'string');
    const create = {
      name: 'Contract walk edit',
      measurement: String(source.measurement),
      vendor: String(source.vendor),
      min_apm: 0,
    };
    const made = async (status: string) => {
      const answer = await w.send('POST /api/v1/activation/with-list', {
        as: 'writer',
        body: { ...create, status },
        status: 201,
      });
      return String((answer.body as { data: { activation: { id: string } } }).data.activation.id);
    };
    const draft = await made('draft');
    const active = await made('active');
    const read = await w.send('GET /api/v1/activation', { as: 'writer', query: { id: draft }, status: 200 });
    const version = { 'if-match': read.headers.get('etag') ?? '' };
    const body = { name: 'Contract walk edited', vendor: create.vendor, min_apm: 0 };
    return [
      json(200, body, { as: 'writer', query: { id: draft }, headers: version }),
      json(412, { ...body, name: 'Contract walk stale' }, { as: 'writer', query: { id: draft }, headers: version }),
      json(400, { ...body, min_apm: 999_999 }, { as: 'writer', query: { id: draft } }),
      json(400, { ...body, min_apm: -1 }, { as: 'writer', query: { id: draft }, invalid: true }),
      json(409, body, { as: 'writer', query: { id: active } }),
      json(404, body, { as: 'writer', query: { id: NO_SUCH_ID } }),
      json(403, body, { as: 'foreign', query: { id: draft } }),
      json(403, body, { as: 'reader', query: { id: draft } }),
      json(401, body, { query: { id: draft }, invalid: true }),
    ];
  },
  'POST /api/v1/domain-list/upload': async (w) => {
    // Replacing a list's entries with the version read (200), then with that version again, now stale (412).
    const id = w.id('domain-list');
    const read = await w.send('GET /api/v1/domain-list', { as: 'super', query: { id }, status: 200 });
    const etag = read.headers.get('etag') ?? '';
    const replace = { id, text: 'domain\nexample.com\n' };
    const body = {
      account: w.cast.accounts.own,
      name: 'Contract walk list',
      type: 'allow',
      file_name: 'domains.csv',
      text: 'domain\nexample.com\nnews.example.org\n',
    };
    return [
      json(201, body, { as: 'writer' }),
      json(400, { ...body, text: 'domain\nnot a domain!\n' }, { as: 'writer' }),
      json(200, replace, { as: 'writer', headers: { 'if-match': etag } }),
      json(412, replace, { as: 'writer', headers: { 'if-match': etag } }),
      json(403, body, { as: 'foreign' }),
      json(401, body, { invalid: true }),
      { as: 'writer', body: 'x', ...asText, status: 415 },
    ];
  },
  'GET /api/v1/domain-list/download': (w) => [
    { as: 'reader', query: { id: w.id('domain-list') }, status: 200 },
    { as: 'foreign', query: { id: w.id('domain-list') }, status: 403 },
    { as: 'reader', query: { id: NO_SUCH_ID }, status: 404 },
    { as: 'reader', query: { id: 'nope' }, status: 400, invalid: true },
    { query: { id: w.id('domain-list') }, ...noSession },
  ],
  ...SPOTLIGHT_OPERATIONS,
  'POST /api/v1/user': (w) => [json(409, { ...w.copy('user'), email: w.cast.users.reader.email }, { as: 'admin' })],
  'DELETE /api/v1/user': (w) => [{ as: 'admin', query: { id: w.cast.users.admin.id }, status: 409 }],
  'DELETE /api/v1/account': (w) => [{ as: 'root', query: { id: w.cast.accounts.home }, status: 409 }],
  // A stale If-Match (the row's ETag before a change): 412 on update and delete, nothing changed.
  'PUT /api/v1/project': async (w) => {
    const id = w.id('project');
    const read = await w.send('GET /api/v1/project', { as: 'super', query: { id }, status: 200 });
    const etag = read.headers.get('etag') ?? '';
    const body = { name: `${String(w.row('project').name).slice(0, 150)} (walked)` };
    return [
      json(200, body, { as: 'super', query: { id }, headers: { 'if-match': etag } }),
      json(412, body, { as: 'super', query: { id }, headers: { 'if-match': etag } }),
    ];
  },
  'DELETE /api/v1/project': async (w) => {
    const id = w.id('project');
    const read = await w.send('GET /api/v1/project', { as: 'super', query: { id }, status: 200 });
    const etag = read.headers.get('etag') ?? '';
    await w.send('PUT /api/v1/project', {
      as: 'super',
      query: { id },
      body: { name: 'Changed by the contract walk' },
      status: 200,
    });
    // A project measurements still point at: 409, naming what does.
    const used = w.row('measurement', (row) => typeof row.project === 'string').project;
    return [
      { as: 'super', query: { id }, headers: { 'if-match': etag }, status: 412 },
      { as: 'super', query: { id: String(used) }, status: 409 },
    ];
  },
  // A saved report's name is unique in its account: a create or a rename onto a name taken, 409.
  'POST /api/v1/saved-report': (w) => [
    json(409, { ...w.copy('saved-report'), name: String(w.row('saved-report').name) }, { as: 'admin' }),
  ],
  'PUT /api/v1/saved-report': (w) => {
    const first = w.row('saved-report');
    const second = w.row('saved-report', (row) => row.account === first.account && row.id !== first.id);
    return [json(409, { name: String(first.name) }, { as: 'admin', query: { id: String(second.id) } })];
  },
  // A domain list that an activation not yet ended uses: its delete answers 409, naming the activation.
  'DELETE /api/v1/domain-list': async (w) => {
    const live = await w.send('GET /api/v1/activation', {
      as: 'super',
      query: { ...ownRows(resources.activation, w.cast.accounts.own), status: 'active' },
      status: 200,
    });
    const list = (live.body as { data?: { domain_list?: unknown }[] } | null)?.data?.find(
      (row) => typeof row.domain_list === 'string',
    )?.domain_list;
    if (typeof list !== 'string') throw new Skip('no live activation with a domain list in the own account');
    return [{ as: 'writer', query: { id: list }, status: 409 }];
  },
  // Last: everything back to the fixtures.
  'POST /api/v1/testing/reset': () => [{ status: 200 }, json(400, { clock: { frozen: 'yes' } }, { invalid: true })],
  ...ACCOUNT_USERS_OPERATIONS,
  // A schedule's runs (read-only) and run now (whoever may change the report: an admin here), on
  // a schedule made for the purpose (entries before may have reset the data).
  'GET /api/v1/report-schedule-run': async (w) => {
    const schedule = await freshSchedule(w);
    return [
      { as: 'reader', query: { schedule }, status: 200 },
      { as: 'foreign', query: { schedule }, status: 404 },
      { as: 'reader', query: { schedule: 'nope' }, status: 400, invalid: true },
      { query: { schedule }, ...noSession },
    ];
  },
  'POST /api/v1/report-schedule/run': async (w) => {
    const id = await freshSchedule(w);
    return [
      { as: 'admin', query: { id }, status: 201 },
      { as: 'reader', query: { id }, status: 403 },
      { as: 'foreign', query: { id }, status: 404 },
      { query: { id }, ...noSession },
    ];
  },
  // What carries a label or a category, read before a delete (the delete refuses while any).
  'GET /api/v1/label-value/usage': (w) => {
    const id = String(
      w.row('label-value', (row) => (row.category as { account?: unknown }).account === w.cast.accounts.own).id,
    );
    return [
      { as: 'reader', query: { id }, status: 200 },
      { as: 'foreign', query: { id }, status: 404 },
      { as: 'reader', query: { id: 'nope' }, status: 400, invalid: true },
      { query: { id }, ...noSession },
    ];
  },
  // What points at a lookup, template or project, read before a delete (refused while anything does).
  'GET /api/v1/row-usage': (w) => {
    const query = {
      resource: 'project',
      id: String(w.row('project', (row) => row.account === w.cast.accounts.own).id),
    };
    return [
      { as: 'super', query, status: 200 },
      { as: 'reader', query, status: 403 },
      { as: 'super', query: { ...query, resource: 'measurement' }, status: 400, invalid: true },
      { query, ...noSession },
    ];
  },
  // The audit trail: root for the selected account, super across; after the walk's writes.
  'GET /api/v1/audit-event': (w) => [
    { as: 'root', query: { account: w.cast.accounts.own, limit: 5 }, status: 200 },
    {
      as: 'super',
      query: { account: `${w.cast.accounts.own},${w.cast.accounts.foreign}`, action: 'update' },
      status: 200,
    },
    { as: 'super', query: { resource: 'label-value', from: '2020-01-01' }, status: 200 },
    { as: 'admin', query: { account: w.cast.accounts.own }, status: 403 },
    { as: 'root', query: { account: w.cast.accounts.own, from: 'yesterday' }, status: 400, invalid: true },
    { query: {}, ...noSession },
  ],
  'GET /api/v1/audit-event/export': (w) => [
    { as: 'root', query: { account: w.cast.accounts.own, action: 'create' }, status: 200 },
    { as: 'reader', query: { account: w.cast.accounts.own }, status: 403 },
    { as: 'super', query: { limit: 5 }, status: 400, invalid: true },
    { query: {}, ...noSession },
  ],
  'GET /api/v1/label-category/usage': (w) => {
    const id = String(w.row('label-category', (row) => row.account === w.cast.accounts.own).id);
    return [
      { as: 'reader', query: { id }, status: 200 },
      { as: 'foreign', query: { id }, status: 404 },
      { as: 'reader', query: { id: 'nope' }, status: 400, invalid: true },
      { query: { id }, ...noSession },
    ];
  },
};
