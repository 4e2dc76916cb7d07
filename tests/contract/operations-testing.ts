/**
 * The operation table's entries for LAMP's test control (demo and test modes: the outbox, test
 * users, sandboxes, the clock, faults, the journal) and the demo's own reads; operations.ts
 * spreads them in, in this order. The conformance kit runs them only when the config says the API
 * has test control.
 */
import { PASSWORD, type Step } from './client.ts';
import { json, type Entry } from './steps.ts';

/** The walk's own sandbox (X-Lamp-Sandbox), for its fault rules and journal. */
const inWalkSandbox = { headers: { 'x-lamp-sandbox': 'contract-walk' } } satisfies Partial<Step>;

export const TEST_CONTROL_OPERATIONS: Record<string, Entry> = {
  'GET /api/v1/demo/personas': () => [{ status: 200 }],
  'GET /api/v1/demo/tour': () => [{ status: 200 }],
  'GET /api/v1/testing/outbox': (w) => [{ status: 200 }, { query: { to: w.cast.users.reader.email }, status: 200 }],
  'POST /api/v1/testing/outbox/links': (w) => [
    json(201, { kind: 'login-link', email: w.cast.users.reader.email }),
    json(201, { kind: 'reset-password', email: w.cast.users.reader.email, time: Date.now() - 2 * 60 * 60 * 1000 }),
    json(404, { kind: 'login-link', email: 'nobody@example.test' }),
    json(400, { kind: 'postcard', email: w.cast.users.reader.email }, { invalid: true }),
  ],
  'DELETE /api/v1/testing/outbox': () => [{ status: 204 }],
  'POST /api/v1/testing/users': (w) => [
    json(201, { email: 'contract-users@example.test', password: PASSWORD }),
    json(409, { email: w.cast.users.reader.email }),
    json(400, { email: 'contract-users-2@example.test', role: 'super' }, { invalid: true }),
  ],
  // Test sandboxes and the clock: the walk's own sandbox, deleted at the end; the
  // default state's clock goes back to the real time.
  'POST /api/v1/testing/sandboxes/{name}/attach': () => [
    { params: { name: 'contract-walk' }, status: 200 },
    { params: { name: 'bad name' }, status: 400, invalid: true },
  ],
  'POST /api/v1/testing/sandboxes/{name}/reset': () => [
    { params: { name: 'contract-walk' }, status: 200 },
    json(200, { clock: { now: '2026-11-08T09:00:00Z', frozen: true } }, { params: { name: 'contract-walk' } }),
    json(400, { clock: { now: 'soon' } }, { params: { name: 'contract-walk' }, invalid: true }),
    { params: { name: 'default' }, status: 400 },
  ],
  'GET /api/v1/testing/sandboxes': () => [{ status: 200 }],
  'POST /api/v1/testing/sessions': (w) => [
    json(201, { email: w.cast.users.reader.email }, inWalkSandbox),
    // The default state, named: the conformance kit sends everything else to a sandbox of its own.
    json(400, { email: w.cast.users.reader.email }, { headers: { 'x-lamp-sandbox': 'default' } }),
    json(404, { email: 'nobody@example.test' }, inWalkSandbox),
    json(400, {}, { ...inWalkSandbox, invalid: true }),
  ],
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
  // Faults and the journal, in a sandbox of the walk's own: its rules never reach the
  // default state the rest of the walk uses, and the rule's path is one nothing else requests.
  'POST /api/v1/testing/faults': () => [
    json(
      201,
      { method: 'GET', path: '/api/v1/contract-walk/**', status: 503, body: { down: true }, times: 1 },
      inWalkSandbox,
    ),
    json(201, { path: '/api/v1/contract-walk/*', delay: { min: 1, max: 5 }, probability: 0.5, seed: 9 }, inWalkSandbox),
    json(201, { path: '/api/v1/contract-walk/x', drop: true }, inWalkSandbox),
    json(
      201,
      {
        path: '/api/v1/contract-walk/stub',
        status: 200,
        headers: { 'retry-after': '5' },
        body_text: '{"broken": ',
        stream: { chunk_bytes: 4, chunk_delay: 1 },
      },
      inWalkSandbox,
    ),
    json(400, { path: '/api/v1/testing/**', status: 500 }, { ...inWalkSandbox, invalid: true }),
    json(400, { status: 200, body: {}, body_text: '' }, { ...inWalkSandbox, invalid: true }),
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
    { query: { query: 'limit=5', header: 'x-lamp-sandbox: contract-walk', body: '{}' }, status: 200 },
    { query: { body: '{not json' }, status: 400, invalid: true },
  ],
  'GET /api/v1/testing/journal/count': (): Step[] => [
    { status: 200 },
    { query: { method: 'POST', path: '/api/v1/auth' }, status: 200 },
    { query: { path: 'no-slash' }, status: 400, invalid: true },
    { query: { header: 'content-type', body: '{"email":"nobody@example.test"}' }, status: 200 },
    { query: { header: 'not a header' }, status: 400, invalid: true },
  ],
  'DELETE /api/v1/testing/journal': () => [{ ...inWalkSandbox, status: 204 }],
};
