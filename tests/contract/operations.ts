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
/** The walk's own sandbox (X-Lamp-Sandbox), for its fault rules and journal. */
const inWalkSandbox = { headers: { 'x-lamp-sandbox': 'contract-walk' } } satisfies Partial<Step>;

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

/** A Spotlight token for super@lamp.test (root reaches every company) and Contoso's company. */
async function spotlight(w: World) {
  const answer = await w.send('GET /api/spotlight-auth', {
    as: 'super',
    query: { id: USER_IDS.super, company: ACCOUNT_IDS.contoso },
    status: 200,
  });
  const token = (answer.body as { token?: unknown }).token;
  if (typeof token !== 'string') throw new Error('no Spotlight token');
  return { authorization: `Bearer ${token}`, 'x-switched-company': ACCOUNT_IDS.contoso };
}

const STUDY = {
  name: 'Contract walk study',
  context: 'web_page',
  sample_size: 300,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
};

/**
 * One Spotlight resource's walk: list, create, details (with its ETag), edit, a stale edit and
 * delete (412), delete, then 404; each without a token (401) and with a foreign company (403).
 */
function spotlightResource(
  resource: string,
  create: (w: World, brief: string) => Record<string, unknown>,
  edit: Record<string, unknown>,
) {
  const base = `/api/spotlight/${resource}`;
  return async (w: World): Promise<Step[]> => {
    const headers = await spotlight(w);
    const foreign = { ...headers, authorization: headers.authorization, 'x-switched-company': 'nope' };
    await w.send(`POST ${base}`, { headers, body: { results_per_page: 5, order_by: 'created_at_desc' }, status: 200 });
    await w.send(`POST ${base}`, { body: {}, status: 401, invalid: true });
    await w.send(`POST ${base}`, { headers: foreign, body: {}, status: 400, invalid: true });
    await w.send(`POST ${base}`, { headers, body: { results_per_page: 1000 }, status: 400, invalid: true });
    // An asset belongs to a study: the walk makes its own.
    const study = await w.send('POST /api/spotlight/brief/create', { headers, body: STUDY, status: 201 });
    const brief = String((study.body as { data?: { id?: unknown } } | null)?.data?.id);
    const body = create(w, brief);
    const created = await w.send(`POST ${base}/create`, { headers, body, status: 201 });
    await w.send(`POST ${base}/create`, {
      headers,
      body: { ...body, not_a_field: 1 },
      status: 400,
      invalid: true,
    });
    await w.send(`POST ${base}/create`, { body, status: 401, invalid: true });
    const id = (created.body as { data?: { id?: unknown } } | null)?.data?.id;
    if (typeof id !== 'string') return []; // reported: the create failed
    const details = await w.send(`GET ${base}/{id}/details`, { params: { id: id }, headers, status: 200 });
    const etag = details.headers.get('etag') ?? '';
    await w.send(`GET ${base}/{id}/details`, { params: { id: NO_SUCH_ID }, headers, status: 404 });
    await w.send(`GET ${base}/{id}/details`, { params: { id: id }, status: 401, invalid: true });
    const editUrl = `POST ${base}/{id}/edit`;
    await w.send(editUrl, { params: { id: id }, headers: { ...headers, 'if-match': etag }, body: edit, status: 200 });
    // The ETag the edit made stale.
    await w.send(editUrl, { params: { id: id }, headers: { ...headers, 'if-match': etag }, body: edit, status: 412 });
    await w.send(editUrl, { params: { id: NO_SUCH_ID }, headers, body: edit, status: 404 });
    await w.send(editUrl, { params: { id: id }, headers, body: { not_a_field: 1 }, status: 400, invalid: true });
    const deleteUrl = `POST ${base}/{id}/delete`;
    await w.send(deleteUrl, { params: { id: id }, headers: { ...headers, 'if-match': etag }, status: 412 });
    await w.send(deleteUrl, { params: { id: id }, status: 401, invalid: true });
    await w.send(deleteUrl, { params: { id: id }, headers, status: 204 });
    return [];
  };
}

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
  // The login page's probe: 200 whether or not a session is there (signed_in says which).
  'GET /api/v1/session': () => [{ as: 'reader', status: 200 }, { status: 200 }],
  'POST /api/v1/forgotten-password': () => [
    json(200, { email: PERSONAS.reader }),
    json(200, { email: 'nobody@example.test' }),
    { body: `email=${encodeURIComponent(PERSONAS.reader)}`, type: 'application/x-www-form-urlencoded', status: 200 },
    json(400, { email: 'not an address' }, { invalid: true }),
    { body: 'email=x', ...asText, status: 415 },
  ],
  'POST /api/v1/reset-password': async (w) => {
    const user = await w.throwawayUser();
    // The link is another user's: a password change ends every link sent before it (issue 30).
    const link = await w.link('reset-password', (await w.throwawayUser()).email);
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
  'GET /api/v1/demo/tour': () => [{ status: 200 }],
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
  // Test sandboxes and the clock (issue 16): the walk's own sandbox, deleted at the end; the
  // default state's clock goes back to the real time.
  'POST /api/v1/testing/sandboxes/{name}/attach': () => [
    { params: { name: 'contract-walk' }, status: 200 },
    { params: { name: 'bad name' }, status: 400, invalid: true },
  ],
  'POST /api/v1/testing/sandboxes/{name}/reset': () => [
    { params: { name: 'contract-walk' }, status: 200 },
    { params: { name: 'default' }, status: 400 },
  ],
  'GET /api/v1/testing/sandboxes': () => [{ status: 200 }],
  'GET /api/v1/testing/clock': () => [{ status: 200 }, { headers: { 'x-lamp-sandbox': 'contract-walk' }, status: 200 }],
  'PUT /api/v1/testing/clock': () => [
    json(200, { now: '2026-11-01T09:00:00Z', frozen: true }, { headers: { 'x-lamp-sandbox': 'contract-walk' } }),
    json(400, { now: 'soon', frozen: true }, { invalid: true }),
    json(200, { now: null, frozen: false }),
  ],
  'DELETE /api/v1/testing/sandboxes/{name}': () => [
    { params: { name: 'contract-walk' }, status: 204 },
    { params: { name: 'contract-walk' }, status: 404 },
  ],
  // Faults and the journal (issue 16), in a sandbox of the walk's own: its rules never reach the
  // default state the rest of the walk uses, and the rule's path is one nothing else requests.
  'POST /api/v1/testing/faults': () => [
    json(
      201,
      { method: 'GET', path: '/api/v1/contract-walk/**', status: 503, body: { down: true }, times: 1 },
      inWalkSandbox,
    ),
    json(201, { path: '/api/v1/contract-walk/*', delay: { min: 1, max: 5 }, probability: 0.5, seed: 9 }, inWalkSandbox),
    json(201, { path: '/api/v1/contract-walk/x', drop: true }, inWalkSandbox),
    json(400, { status: 503, drop: true }, { ...inWalkSandbox, invalid: true }),
    json(400, { delay: 5, colour: 'red' }, { ...inWalkSandbox, invalid: true }),
  ],
  'GET /api/v1/testing/faults': () => [{ ...inWalkSandbox, status: 200 }, { status: 200 }],
  'DELETE /api/v1/testing/faults/{id}': async (w) => {
    const added = await w.send('POST /api/v1/testing/faults', {
      ...inWalkSandbox,
      body: { path: '/api/v1/contract-walk/y', status: 500 },
      status: 201,
    });
    const id = String((added.body as { id?: unknown } | null)?.id);
    return [
      { ...inWalkSandbox, params: { id }, status: 204 },
      { ...inWalkSandbox, params: { id }, status: 404 },
    ];
  },
  'DELETE /api/v1/testing/faults': () => [{ ...inWalkSandbox, status: 204 }],
  'GET /api/v1/testing/journal': (): Step[] => [
    { ...inWalkSandbox, status: 200 },
    { status: 200 },
    { query: { method: 'GET,POST', path: '/api/v1/**', since: '2026-01-01T00:00:00.000Z' }, status: 200 },
    { query: { method: 'FETCH' }, status: 400, invalid: true },
    { query: { since: 'yesterday' }, status: 400, invalid: true },
  ],
  'GET /api/v1/testing/journal/count': (): Step[] => [
    { status: 200 },
    { query: { method: 'POST', path: '/api/v1/auth' }, status: 200 },
    { query: { path: 'no-slash' }, status: 400, invalid: true },
  ],
  'DELETE /api/v1/testing/journal': () => [{ ...inWalkSandbox, status: 204 }],
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
      query: { account: ACCOUNT_IDS.northwind, relative_date: 'last_30_days', group_by: 'day' },
      status: 200,
    },
    { as: 'foreign', query: { account: ACCOUNT_IDS.northwind }, status: 403 },
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
      account: ACCOUNT_IDS.northwind,
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
  'GET /api/spotlight-auth': () => [
    { as: 'super', query: { id: USER_IDS.super, company: ACCOUNT_IDS.contoso }, status: 200 },
    { as: 'admin', query: { id: USER_IDS.northwindAdmin, company: ACCOUNT_IDS.northwind }, status: 200 },
    { as: 'reader', query: { id: USER_IDS.super, company: ACCOUNT_IDS.northwind }, status: 403 },
    { as: 'reader', query: { id: 'nope', company: ACCOUNT_IDS.northwind }, status: 400, invalid: true },
    { query: { id: USER_IDS.super, company: ACCOUNT_IDS.contoso }, ...noSession },
  ],
  'GET /api/spotlight/dashboard/data/brief_list/': async (w) => [
    { headers: await spotlight(w), status: 200 },
    { status: 401, invalid: true },
  ],
  'GET /api/spotlight/dashboard/data/stim_list/': async (w) => [
    { headers: await spotlight(w), status: 200 },
    { status: 401, invalid: true },
  ],
  'POST /api/spotlight/brief': spotlightResource('brief', () => STUDY, { name: 'Contract walk study (edited)' }),
  'POST /api/spotlight/stim': spotlightResource(
    'stim',
    (_w, brief) => ({
      brief,
      name: 'Contract walk asset',
      type: 'image',
      format: 'MPU',
      width: 300,
      height: 250,
    }),
    { name: 'Contract walk asset (edited)' },
  ),
  'POST /api/spotlight/company': spotlightResource(
    'company',
    () => ({ account: ACCOUNT_IDS.lampHq, name: 'Contract walk company' }),
    { name: 'Contract walk company (edited)' },
  ),
  'POST /api/spotlight/user': spotlightResource(
    'user',
    () => ({ username: 'Contract walk user', external_id: USER_IDS.root }),
    { username: 'Contract walk user (edited)' },
  ),
  // The one multipart body: an SVG (text, so the raw body stays a string) into a draft of its own.
  'POST /api/spotlight/stim/upload': async (w) => {
    const headers = await spotlight(w);
    const study = await w.send('POST /api/spotlight/brief/create', { headers, body: STUDY, status: 201 });
    const brief = String((study.body as { data?: { id?: unknown } } | null)?.data?.id);
    const boundary = 'contract-walk-boundary';
    const type = `multipart/form-data; boundary=${boundary}`;
    const form = (file: string, fileType: string) =>
      [
        ...Object.entries({ brief, name: 'Contract walk upload', format: 'MPU' }).map(
          ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mpu.svg"\r\nContent-Type: ${fileType}\r\n\r\n${file}\r\n`,
        `--${boundary}--\r\n`,
      ].join('');
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><rect width="300" height="250"/></svg>';
    return [
      { headers, body: form(svg, 'image/svg+xml'), type, status: 201 },
      { headers, body: form('plain words', 'text/plain'), type, status: 400 },
      { headers, body: form('<svg>no size</svg>', 'image/svg+xml'), type, status: 400 },
      { body: form(svg, 'image/svg+xml'), type, status: 401, invalid: true },
      { headers, body: { brief }, status: 415, invalid: true },
    ];
  },
  'GET /api/spotlight/stim/{id}/creative': async (w) => {
    const headers = await spotlight(w);
    const list = await w.send('POST /api/spotlight/stim', { headers, body: {}, status: 200 });
    const id = String((list.body as { data: { id: string }[] }).data[0]?.id);
    return [
      { headers, params: { id }, status: 200 },
      { headers, params: { id: NO_SUCH_ID }, status: 404 },
      { params: { id }, status: 401, invalid: true },
    ];
  },
  // Engine operations' answers the generic walk cannot derive.
  'POST /api/v1/user': (w) => [json(409, { ...w.copy('user'), email: PERSONAS.reader }, { as: 'admin' })],
  'DELETE /api/v1/user': () => [{ as: 'admin', query: { id: USER_IDS.northwindAdmin }, status: 409 }],
  'DELETE /api/v1/account': () => [{ as: 'root', query: { id: ACCOUNT_IDS.lampHq }, status: 409 }],
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
    return [{ as: 'super', query: { id }, headers: { 'if-match': etag }, status: 412 }];
  },
  // Last: everything back to the fixtures.
  'POST /api/v1/testing/reset': () => [{ status: 200 }],
  // The users area of an account (/users): invite, change role, remove access.
  'POST /api/v1/account-users/invite': () => {
    const body = {
      account: ACCOUNT_IDS.northwind,
      first_name: 'Contract',
      last_name: 'Invitee',
      email: 'contract.invitee@walk.test',
      role: 'read',
    };
    return [
      json(201, body, { as: 'admin' }),
      json(409, body, { as: 'admin' }),
      json(403, { ...body, email: 'contract.other@walk.test' }, { as: 'writer' }),
      json(400, { ...body, role: 'super' }, { as: 'admin', invalid: true }),
      json(401, body, { invalid: true }),
      { as: 'admin', body: 'x', ...asText, status: 415 },
    ];
  },
  'PUT /api/v1/account-users/role': () => {
    const body = { user: USER_IDS.northwindReader, account: ACCOUNT_IDS.northwind, role: 'write' };
    return [
      json(200, body, { as: 'admin' }),
      json(200, { ...body, role: 'read' }, { as: 'admin' }),
      json(409, { ...body, user: USER_IDS.northwindAdmin }, { as: 'admin' }),
      json(403, body, { as: 'writer' }),
      json(404, { ...body, user: NO_SUCH_ID }, { as: 'admin' }),
      json(400, { ...body, role: 'super' }, { as: 'admin', invalid: true }),
      json(401, body, { invalid: true }),
    ];
  },
  'DELETE /api/v1/account-users': async (w) => {
    // A guest of Northwind from another account: the one kind of access an admin can remove.
    const guest = await w.send('POST /api/v1/user', {
      as: 'super',
      body: {
        account: ACCOUNT_IDS.tailspin,
        first_name: 'Contract',
        last_name: 'Guest',
        email: 'contract.guest@walk.test',
        super_admin: false,
        viewed_marketing_consent: false,
        marketing_consent: false,
        access_grants: [{ id: ACCOUNT_IDS.northwind, type: 'account', role: 'read' }],
      },
      status: 201,
    });
    const user = String((guest.body as { data?: { id?: unknown } } | null)?.data?.id);
    const query = { user, account: ACCOUNT_IDS.northwind };
    return [
      { as: 'writer', query, status: 403 },
      { query, ...noSession },
      { as: 'admin', query: { ...query, user: 'nope' }, status: 400, invalid: true },
      { as: 'admin', query: { ...query, user: NO_SUCH_ID }, status: 404 },
      { as: 'admin', query: { ...query, user: USER_IDS.northwindReader }, status: 409 },
      // A version the guest's row no longer has (the grants list's, overtaken): 412, nothing removed.
      { as: 'admin', query, headers: { 'if-match': '"overtaken"' }, status: 412 },
      { as: 'admin', query, status: 204 },
    ];
  },
  // The admin account sections (server/routes/account-access.ts): bulk-create, grants, grant.
  'POST /api/v1/account-users/bulk': () => {
    const row = { first_name: 'Contract', last_name: 'Bulk', email: 'contract.bulk@walk.test', role: 'read' };
    const body = { account: ACCOUNT_IDS.northwind, rows: [row] };
    return [
      json(400, { ...body, rows: [row, { ...row, email: 'not-an-email' }] }, { as: 'admin', invalid: true }),
      json(201, body, { as: 'admin' }),
      json(400, body, { as: 'admin' }),
      json(403, body, { as: 'writer' }),
      json(400, { ...body, rows: [] }, { as: 'admin', invalid: true }),
      json(401, body, { invalid: true }),
    ];
  },
  'GET /api/v1/account-users/grants': () => [
    { as: 'admin', query: { account: ACCOUNT_IDS.northwind }, status: 200 },
    { as: 'super', query: { account: ACCOUNT_IDS.tailspin }, status: 200 },
    { as: 'writer', query: { account: ACCOUNT_IDS.northwind }, status: 403 },
    { as: 'super', query: { account: 'nope' }, status: 400, invalid: true },
    { query: { account: ACCOUNT_IDS.northwind }, ...noSession },
  ],
  'POST /api/v1/account-users/grant': () => {
    const body = { user: USER_IDS.northwindReader, account: ACCOUNT_IDS.tailspin, role: 'read' };
    return [
      json(201, body, { as: 'super' }),
      json(409, body, { as: 'super' }),
      json(403, body, { as: 'writer' }),
      json(400, { ...body, role: 'super' }, { as: 'super', invalid: true }),
      json(401, body, { invalid: true }),
    ];
  },
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
      w.row('label-value', (row) => (row.category as { account?: unknown }).account === ACCOUNT_IDS.northwind).id,
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
      id: String(w.row('project', (row) => row.account === ACCOUNT_IDS.northwind).id),
    };
    return [
      { as: 'super', query, status: 200 },
      { as: 'reader', query, status: 403 },
      { as: 'super', query: { ...query, resource: 'measurement' }, status: 400, invalid: true },
      { query, ...noSession },
    ];
  },
  'GET /api/v1/label-category/usage': (w) => {
    const id = String(w.row('label-category', (row) => row.account === ACCOUNT_IDS.northwind).id);
    return [
      { as: 'reader', query: { id }, status: 200 },
      { as: 'foreign', query: { id }, status: 404 },
      { as: 'reader', query: { id: 'nope' }, status: 400, invalid: true },
      { query: { id }, ...noSession },
    ];
  },
};
