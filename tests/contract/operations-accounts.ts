/**
 * The operation table's entries for an account's users (/users and the admin account sections):
 * invite, change a role, remove access, bulk-create, grants, grant; operations.ts spreads them in,
 * in this order.
 */
import { NO_SUCH_ID } from './client.ts';
import { asText, json, noSession, type Entry } from './steps.ts';

export const ACCOUNT_USERS_OPERATIONS: Record<string, Entry> = {
  // The users area of an account (/users): invite, change role, remove access.
  'POST /api/v1/account-users/invite': (w) => {
    const body = {
      account: w.cast.accounts.own,
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
  'PUT /api/v1/account-users/role': (w) => {
    const body = { user: w.cast.users.reader.id, account: w.cast.accounts.own, role: 'write' };
    return [
      json(200, body, { as: 'admin' }),
      json(200, { ...body, role: 'read' }, { as: 'admin' }),
      json(409, { ...body, user: w.cast.users.admin.id }, { as: 'admin' }),
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
        account: w.cast.accounts.foreign,
        first_name: 'Contract',
        last_name: 'Guest',
        email: 'contract.guest@walk.test',
        super_admin: false,
        viewed_marketing_consent: false,
        marketing_consent: false,
        access_grants: [{ id: w.cast.accounts.own, type: 'account', role: 'read' }],
      },
      status: 201,
    });
    const user = String((guest.body as { data?: { id?: unknown } } | null)?.data?.id);
    const query = { user, account: w.cast.accounts.own };
    return [
      { as: 'writer', query, status: 403 },
      { query, ...noSession },
      { as: 'admin', query: { ...query, user: 'nope' }, status: 400, invalid: true },
      { as: 'admin', query: { ...query, user: NO_SUCH_ID }, status: 404 },
      { as: 'admin', query: { ...query, user: w.cast.users.reader.id }, status: 409 },
      // A version the guest's row no longer has (the grants list's, overtaken): 412, nothing removed.
      { as: 'admin', query, headers: { 'if-match': '"overtaken"' }, status: 412 },
      { as: 'admin', query, status: 204 },
    ];
  },
  // The admin account sections (server/routes/accounts/account-access.ts): bulk-create, grants, grant.
  'POST /api/v1/account-users/bulk': (w) => {
    const row = { first_name: 'Contract', last_name: 'Bulk', email: 'contract.bulk@walk.test', role: 'read' };
    const body = { account: w.cast.accounts.own, rows: [row] };
    return [
      json(400, { ...body, rows: [row, { ...row, email: 'not-an-email' }] }, { as: 'admin', invalid: true }),
      json(201, body, { as: 'admin' }),
      json(400, body, { as: 'admin' }),
      json(403, body, { as: 'writer' }),
      json(400, { ...body, rows: [] }, { as: 'admin', invalid: true }),
      json(401, body, { invalid: true }),
    ];
  },
  'GET /api/v1/account-users/grants': (w) => [
    { as: 'admin', query: { account: w.cast.accounts.own }, status: 200 },
    { as: 'super', query: { account: w.cast.accounts.foreign }, status: 200 },
    { as: 'writer', query: { account: w.cast.accounts.own }, status: 403 },
    { as: 'super', query: { account: 'nope' }, status: 400, invalid: true },
    { query: { account: w.cast.accounts.own }, ...noSession },
  ],
  'POST /api/v1/account-users/grant': (w) => {
    const body = { user: w.cast.users.reader.id, account: w.cast.accounts.foreign, role: 'read' };
    return [
      json(201, body, { as: 'super' }),
      json(409, body, { as: 'super' }),
      json(403, body, { as: 'writer' }),
      json(400, { ...body, role: 'super' }, { as: 'super', invalid: true }),
      json(401, body, { invalid: true }),
    ];
  },
};
