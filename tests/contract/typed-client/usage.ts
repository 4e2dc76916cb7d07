/**
 * What a team building on LAMP writes with a client generated the usual way from the served
 * document (openapi-typescript's `paths` + openapi-fetch): sign in, page a list, create, update
 * with the create's ETag as If-Match (and see a stale one refused), delete, and a one-off fault
 * from the test sandbox. tests/contract/document.ts generates `lamp-api.d.ts` beside this file,
 * type-checks this file against it with strict settings, then runs it against a LAMP.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './lamp-api.d.ts';

type ApiError = components['schemas']['Error'];

function expect(ok: boolean, what: string): void {
  if (!ok) throw new Error(`typed client: ${what}`);
}

export async function useTheApi(baseUrl: string, email: string, password: string): Promise<string[]> {
  const steps: string[] = [];
  const sandbox = { 'X-Lamp-Sandbox': 'typed-client' };
  const anonymous = createClient<paths>({ baseUrl, headers: sandbox });
  const signIn = await anonymous.POST('/api/v1/auth', { body: { email, password } });
  expect(signIn.response.status === 200, `sign-in answered ${signIn.response.status}`);
  const cookie = (signIn.response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const api = createClient<paths>({ baseUrl, headers: { ...sandbox, cookie } });
  steps.push('signed in');

  const me = await api.GET('/api/v1/current-user');
  const account: string | undefined = me.data?.account;
  expect(typeof account === 'string', 'the current user has an account');

  const page = await api.GET('/api/v1/label-category', {
    params: { query: { limit: 2, skip: 0, sort: 'asc(name)', account: account ?? '' } },
  });
  const rows: components['schemas']['LabelCategory'][] = page.data?.data ?? [];
  const total = Number(page.response.headers.get('X-Total-Count'));
  expect(rows.length <= 2 && page.data?.count === total, 'a page of two and the total count');
  steps.push(`paged ${rows.length} of ${total}`);

  const created = await api.POST('/api/v1/label-category', {
    body: { account: account ?? '', name: 'Typed client category' },
  });
  const id: string | undefined = created.data?.data.id;
  const etag = created.response.headers.get('ETag');
  expect(created.response.status === 201 && !!id && !!etag, 'a create answers the row and its ETag');
  steps.push('created');

  const updated = await api.PUT('/api/v1/label-category', {
    params: { query: { id: id ?? '' }, header: { 'If-Match': etag ?? '' } },
    body: { name: 'Typed client category, renamed' },
  });
  expect(updated.data?.data.name === 'Typed client category, renamed', 'the update with If-Match went through');
  const stale = await api.PUT('/api/v1/label-category', {
    params: { query: { id: id ?? '' }, header: { 'If-Match': etag ?? '' } },
    body: { name: 'Lost update' },
  });
  const staleError: ApiError | undefined = stale.error;
  expect(stale.response.status === 412 && typeof staleError?.message === 'string', 'a stale If-Match is a 412');
  steps.push('updated, and a stale version refused');

  const removed = await api.DELETE('/api/v1/label-category', {
    params: { query: { id: id ?? '' }, header: { 'If-Match': updated.response.headers.get('ETag') ?? '' } },
  });
  expect(removed.response.status === 204, 'deleted with the current version');

  const fault = await api.GET('/api/v1/label-category', {
    params: { query: { limit: 1 }, header: { Prefer: 'lamp-status=503' } },
  });
  const faultError: ApiError | undefined = fault.error;
  expect(fault.response.status === 503 && typeof faultError?.message === 'string', 'the sandbox fault answered 503');
  expect(fault.response.headers.get('Preference-Applied') === 'lamp-status=503', 'Preference-Applied says so');
  steps.push('a sandbox fault answered 503');
  return steps;
}
