/**
 * The first super user of a production store: production starts with no user at all,
 * so nobody holds a known password. The operator starts the server once with
 *
 *   LAMP_BOOTSTRAP_ADMIN_EMAIL, LAMP_BOOTSTRAP_ADMIN_PASSWORD,
 *   LAMP_BOOTSTRAP_ADMIN_FIRST_NAME, LAMP_BOOTSTRAP_ADMIN_LAST_NAME (optional, default Admin / User)
 *
 * The variables are read once and removed from the process environment at once (no child or
 * later reader sees them); the password is never logged or stored, only its scrypt hash. When a
 * super user already exists the request is ignored (a warning names the variables, never their
 * values): it is a one-time bootstrap, not a back door.
 *
 * The super user belongs to the first product-owner account (LAMP_PRODUCT_OWNER_ACCOUNTS), made
 * here when missing, so the admin area works for them from the first sign-in.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PRIMARY_COLOUR, DEFAULT_SECONDARY_COLOUR } from '../src/shared/constants.ts';
import { messages } from '../src/shared/messages.ts';
import { email as emailSchema } from '../src/shared/schemas/user.ts';
import { hashPassword } from './auth/password.ts';
import { isStrongEnough } from './auth/strength.ts';
import { ConfigError } from './config.ts';
import { newId } from './store/repositories.ts';

export interface BootstrapAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

const VARIABLES = {
  email: 'LAMP_BOOTSTRAP_ADMIN_EMAIL',
  password: 'LAMP_BOOTSTRAP_ADMIN_PASSWORD',
  firstName: 'LAMP_BOOTSTRAP_ADMIN_FIRST_NAME',
  lastName: 'LAMP_BOOTSTRAP_ADMIN_LAST_NAME',
} as const;

/** Reads the bootstrap variables and deletes them from `env`; null when none is set. */
export function readBootstrapAdmin(env: NodeJS.ProcessEnv = process.env): BootstrapAdmin | null {
  const values = Object.fromEntries(Object.entries(VARIABLES).map(([key, name]) => [key, env[name]]));
  for (const name of Object.values(VARIABLES)) delete env[name];
  if (!values.email && !values.password) return null;
  if (!values.email || !values.password) {
    throw new ConfigError(`${VARIABLES.email} and ${VARIABLES.password} go together.`);
  }
  return {
    email: values.email,
    password: values.password,
    firstName: values.firstName || 'Admin',
    lastName: values.lastName || 'User',
  };
}

/** Creates the first super user unless one exists. Returns whether it did. */
export async function bootstrapAdmin(app: FastifyInstance, request: BootstrapAdmin): Promise<boolean> {
  const { user: users, account: accounts } = app.repositories;
  if (users.all().some((user) => user.super_admin === true)) {
    app.log.warn(`A super user exists: ${Object.values(VARIABLES).join(', ')} are ignored; remove them.`);
    return false;
  }
  const email = emailSchema.safeParse(request.email);
  if (!email.success) throw new ConfigError(`${VARIABLES.email}: ${messages.validation.invalidEmailFormat}`);
  if (!isStrongEnough(request.password, [email.data, request.firstName, request.lastName])) {
    throw new ConfigError(`${VARIABLES.password}: ${messages.validation.passwordNotStrongEnough}`);
  }
  if (users.findBy('email', email.data).length) {
    throw new ConfigError(`${VARIABLES.email}: ${messages.api.emailTaken}`);
  }
  const now = new Date().toISOString();
  const accountId = app.config.productOwnerAccountIds[0] ?? newId();
  if (!accounts.byId(accountId)) {
    await accounts.insert({
      id: accountId,
      name: 'Platform administration',
      type: 'partner',
      created_at: now,
      theme: { primary_colour: DEFAULT_PRIMARY_COLOUR, secondary_colour: DEFAULT_SECONDARY_COLOUR, logo: null },
      feature_flags: { lamp_access: true, spotlight_access: false },
    });
  }
  await users.insert({
    id: newId(),
    account: accountId,
    first_name: request.firstName,
    last_name: request.lastName,
    email: email.data,
    created_at: now,
    super_admin: true,
    access_grants: [],
    root_account_access_grants: [{ id: accountId, type: 'account', role: 'root' }],
    viewed_marketing_consent: false,
    marketing_consent: false,
    email_verified: true,
    last_login_at: null,
    password_hash: await hashPassword(request.password),
  });
  app.log.info({ email: email.data }, 'bootstrapped the first super user');
  return true;
}
