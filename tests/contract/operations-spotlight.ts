/**
 * The operation table's Spotlight entries (operations.ts spreads them in, in this order): the
 * token, the dashboards, each Spotlight resource's walk, the multipart upload, and the refusals
 * of a study's lifecycle and of a company (409).
 */
import { NO_SUCH_ID, type Step } from './client.ts';
import { noSession, type Entry } from './steps.ts';
import type { World } from './world.ts';

/** A Spotlight token for super@lamp.test (root reaches every company) and Contoso's company. */
async function spotlight(w: World) {
  const answer = await w.send('GET /api/spotlight-auth', {
    as: 'super',
    query: { id: w.cast.users.super.id, company: w.cast.accounts.spotlight },
    status: 200,
  });
  const token = (answer.body as { token?: unknown }).token;
  if (typeof token !== 'string') throw new Error('no Spotlight token');
  return { authorization: `Bearer ${token}`, 'x-switched-company': w.cast.accounts.spotlight };
}

const STUDY = {
  name: 'Contract walk study',
  context: 'web_page',
  sample_size: 300,
  start_date: '2026-03-01',
  end_date: '2026-03-31',
};

const dataId = (answer: { body: unknown }) => String((answer.body as { data?: { id?: unknown } } | null)?.data?.id);

/**
 * A study's lifecycle and its refusals (409, nothing written): a move other than the next one,
 * fielding without an asset, then with one (200); in the field, an asset added and a field that
 * is locked there. The study is deleted at the end (it has no results).
 */
async function studyLifecycle(w: World): Promise<Step[]> {
  const headers = await spotlight(w);
  const id = dataId(await w.send('POST /api/spotlight/brief/create', { headers, body: STUDY, status: 201 }));
  const edit = 'POST /api/spotlight/brief/{id}/edit';
  const params = { id };
  await w.send(edit, { params, headers, body: { status: 'complete' }, status: 409 });
  await w.send(edit, { params, headers, body: { status: 'fielding' }, status: 409 });
  const asset = { brief: id, name: 'Contract walk asset', type: 'image', format: 'MPU', width: 300, height: 250 };
  await w.send('POST /api/spotlight/stim/create', { headers, body: asset, status: 201 });
  await w.send(edit, { params, headers, body: { status: 'fielding' }, status: 200 });
  await w.send('POST /api/spotlight/stim/create', { headers, body: asset, status: 409 });
  await w.send(edit, { params, headers, body: { sample_size: 200 }, status: 409 });
  await w.send(edit, { params, headers, body: { status: 'draft' }, status: 409 });
  await w.send('POST /api/spotlight/brief/{id}/delete', { params, headers, status: 204 });
  return [];
}

/**
 * A company's refusals (409): a second company for an account that has one, and deleting a
 * company that still has studies (the one the walk opens Spotlight in).
 */
async function companyConflicts(w: World): Promise<Step[]> {
  const headers = await spotlight(w);
  const list = await w.send('POST /api/spotlight/company', { headers, body: { results_per_page: 100 }, status: 200 });
  const company = (list.body as { data?: { id: string; account: string }[] } | null)?.data?.find(
    (row) => row.account === w.cast.accounts.spotlight,
  );
  if (!company) throw new Error('the Spotlight company of accounts.spotlight is not in the company list');
  await w.send('POST /api/spotlight/company/create', {
    headers,
    body: { account: w.cast.accounts.spotlight, name: 'Contract walk second company' },
    status: 409,
  });
  await w.send('POST /api/spotlight/company/{id}/delete', { params: { id: company.id }, headers, status: 409 });
  return [];
}

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
    await w.send('POST /api/spotlight/brief/{id}/delete', { params: { id: brief }, headers, status: 204 });
    return [];
  };
}

export const SPOTLIGHT_OPERATIONS: Record<string, Entry> = {
  'GET /api/spotlight-auth': (w) => [
    { as: 'super', query: { id: w.cast.users.super.id, company: w.cast.accounts.spotlight }, status: 200 },
    { as: 'admin', query: { id: w.cast.users.admin.id, company: w.cast.accounts.own }, status: 200 },
    { as: 'reader', query: { id: w.cast.users.super.id, company: w.cast.accounts.own }, status: 403 },
    { as: 'reader', query: { id: 'nope', company: w.cast.accounts.own }, status: 400, invalid: true },
    { query: { id: w.cast.users.super.id, company: w.cast.accounts.spotlight }, ...noSession },
  ],
  'GET /api/spotlight/dashboard/data/brief_list/': async (w) => [
    { headers: await spotlight(w), status: 200 },
    { status: 401, invalid: true },
  ],
  'GET /api/spotlight/dashboard/data/stim_list/': async (w) => [
    { headers: await spotlight(w), status: 200 },
    { status: 401, invalid: true },
  ],
  'POST /api/spotlight/brief': async (w) => [
    ...(await spotlightResource('brief', () => STUDY, { name: 'Contract walk study (edited)' })(w)),
    ...(await studyLifecycle(w)),
  ],
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
  'POST /api/spotlight/company': async (w) => [
    ...(await spotlightResource('company', (w) => ({ account: w.cast.accounts.home, name: 'Contract walk company' }), {
      name: 'Contract walk company (edited)',
    })(w)),
    ...(await companyConflicts(w)),
  ],
  'POST /api/spotlight/user': spotlightResource(
    'user',
    (w) => ({ username: 'Contract walk user', external_id: w.cast.users.root.id }),
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
    const steps: Step[] = [
      { headers, body: form(svg, 'image/svg+xml'), type, status: 201 },
      { headers, body: form('plain words', 'text/plain'), type, status: 400 },
      { headers, body: form('<svg>no size</svg>', 'image/svg+xml'), type, status: 400 },
      { body: form(svg, 'image/svg+xml'), type, status: 401, invalid: true },
      { headers, body: { brief }, status: 415, invalid: true },
    ];
    for (const step of steps) await w.send('POST /api/spotlight/stim/upload', step);
    // The study goes, and its assets with it: the data is as the entry found it.
    await w.send('POST /api/spotlight/brief/{id}/delete', { params: { id: brief }, headers, status: 204 });
    return [];
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
};
