import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance } from 'fastify';
import { effectiveRole } from '../../../src/shared/access.ts';
import { PRODUCT_NAME } from '../../../src/shared/constants.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { errorResponse } from '../../../src/shared/schemas/index.ts';
import {
  OutboxQuerySchema,
  TestLinkBodySchema,
  TestUserBodySchema,
  type DemoPersonasResponse,
} from '../../../src/shared/schemas/self-service.ts';
import type { StoredUser } from '../../../src/shared/schemas/index.ts';
import { ACCOUNT_IDS } from '../../../src/shared/demo-data.ts';
import { hashPassword } from '../../auth/password.ts';
import { isDemoLike } from '../../config.ts';
import { findUserByEmail } from '../../auth/self-service-users.ts';
import { clearOutbox, readOutbox, sendLinkEmail } from '../../mail/outbox.ts';
import { newId, type Repositories } from '../../store/repositories.ts';
import { publicUser } from '../../plugins/session.ts';
import { emailTaken, HttpError, parseOr400 } from '../../http-errors.ts';
import { nowIso } from '../../sandbox/context.ts';
import { routeFrom } from '../endpoint-route.ts';

/** The shared password of every demo persona (decisions.md §1). */
export const DEMO_PASSWORD = 'Lamp-Demo-2026!';

/** How a demo persona is introduced (the login page's picker, the demo script): name, e-mail, account. */
export function personaSummary(repositories: Repositories, user: StoredUser) {
  return {
    email: user.email,
    name: `${user.first_name} ${user.last_name}`,
    account_name: repositories.account.byId(user.account)?.name ?? '',
  };
}

/** decisions.md §1, in its order: what the picker offers and why each persona is there. */
export const DEMO_PERSONAS: readonly { email: string; note: string }[] = [
  { email: 'super@lamp.test', note: 'Sees everything' },
  { email: 'root@lamp.test', note: 'Global admin, not super' },
  { email: 'admin@northwind.test', note: 'Can switch to Contoso' },
  { email: 'writer@northwind.test', note: 'Edits measurements' },
  { email: 'reader@northwind.test', note: 'Read only' },
  { email: 'partner@contoso.test', note: 'Spotlight user' },
  { email: 'selfserve@fabrikam.test', note: 'No LAMP access' },
  { email: 'admin@tailspin.test', note: 'Contract banner' },
  { email: 'unverified@northwind.test', note: 'E-mail not verified' },
  { email: 'new@northwind.test', note: 'First login' },
];

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/**
 * Demo and test mode only (decisions.md §3, §4): the outbox API and page, issuing a link at a
 * chosen time (tests make expired links with it), and the persona list of the login page.
 * Outside those modes none of these routes exist, so they answer the API's JSON 404.
 */
export function outboxRoutes(app: FastifyInstance) {
  if (!isDemoLike(app.config)) return;

  // These parse their own query and body (parseOr400), as they did before the table described them.
  const parsesItself = { handlerParses: true } as const;
  routeFrom(app, endpoints.outbox, parsesItself, (request) => {
    const { to } = parseOr400(OutboxQuerySchema, request.query);
    const data = readOutbox(app, to);
    return { data, count: data.length };
  });

  routeFrom(app, endpoints.clearOutbox, {}, async (_request, reply) => {
    await clearOutbox(app);
    return reply.code(204).send(null);
  });

  routeFrom(app, endpoints.issueLink, parsesItself, async (request, reply) => {
    const { kind, email, time } = parseOr400(TestLinkBodySchema, request.body);
    const user = findUserByEmail(app, email);
    if (!user) throw new HttpError(404, `No user has the e-mail address ${email}`);
    const message = await sendLinkEmail(app, { kind, user, time });
    return reply.code(201).send(message);
  });

  routeFrom(
    app,
    endpoints.createTestUser,
    { ...parsesItself, responses: { 409: errorResponse } },
    async (request, reply) => {
      const input = parseOr400(TestUserBodySchema, request.body);
      if (findUserByEmail(app, input.email)) throw emailTaken();
      const { password, ...fields } = input;
      const user = await app.repositories.user.insert({
        id: newId(),
        created_at: nowIso(),
        account: ACCOUNT_IDS.northwind,
        super_admin: false,
        access_grants: [{ id: ACCOUNT_IDS.northwind, type: 'account', role: 'read' }],
        root_account_access_grants: [],
        ...fields,
        last_login_at: null,
        password_hash: password === null ? null : await hashPassword(password),
      });
      return reply.code(201).send(publicUser(user));
    },
  );

  routeFrom(app, endpoints.demoPersonas, {}, (): DemoPersonasResponse => {
    const data = DEMO_PERSONAS.flatMap(({ email, note }) => {
      const user = findUserByEmail(app, email);
      if (!user) return [];
      return [{ ...personaSummary(app.repositories, user), role: effectiveRole(user, user.account), note }];
    });
    return { password: DEMO_PASSWORD, data };
  });

  // The outbox page: plain server-rendered HTML, readable without signing in.
  app.get('/outbox', { config: { access: 'test-control' } }, async (request, reply) => {
    const { to } = parseOr400(OutboxQuerySchema, request.query);
    const rows = readOutbox(app, to)
      .map(
        (m) => `<article>
  <header><h2>${escapeHtml(m.subject)}</h2><p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(new Date(m.created_at).toUTCString())}</p></header>
  <pre>${escapeHtml(m.text)}</pre>
  <p><a href="${escapeHtml(m.link)}">Open the link</a></p>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox | ${PRODUCT_NAME}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#1e293b}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{font-size:1.5rem;margin:0 0 4px}
.lead{color:#475569;margin:0 0 20px}
form{display:flex;gap:8px;flex-wrap:wrap;margin-bottom:20px}
input{flex:1;min-width:200px;padding:8px 10px;border:1px solid #94a3b8;border-radius:6px;font:inherit}
button{padding:8px 14px;border:0;border-radius:6px;background:#334155;color:#fff;font:inherit;cursor:pointer}
article{background:#fff;border:1px solid #e2e8f0;border-radius:10px;padding:16px;margin-bottom:16px}
h2{font-size:1.05rem;margin:0}
.meta{color:#475569;font-size:.875rem;margin:4px 0 8px}
pre{white-space:pre-wrap;word-break:break-all;font:inherit;font-size:.9rem;background:#f1f5f9;padding:12px;border-radius:6px}
a{color:#0369a1}
</style></head>
<body><main>
<h1>Outbox</h1>
<p class="lead">Demo mode: every e-mail ${PRODUCT_NAME} would send lands here, newest first. Nothing is sent outside.</p>
<form method="get" action="/outbox"><label for="to" class="sr">Recipient</label><input id="to" name="to" type="search" placeholder="Filter by recipient e-mail" value="${escapeHtml(to ?? '')}"><button type="submit">Filter</button></form>
${rows || '<p>No e-mails yet.</p>'}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}

export const outboxPlugin = routePlugin('outbox', outboxRoutes);
