/**
 * Where the browser goes after signing in (lamp-spec.md §2, §4): the originally requested path
 * (the shell sends signed-out visitors to /login?next=<path>), or / when there is none or it was
 * /login itself, with a login flag in the query. A first login goes to /new-user instead.
 * Literal paths on purpose: importing the app's route table would put it in the login page's
 * script budget; the e2e tests hold these paths to the table.
 */
import { LOGIN_QUERY_FLAG } from '../../../../shared/constants.ts';

export const LOGIN_FLAG = LOGIN_QUERY_FLAG;
const HOME = '/';
const LOGIN = '/login';
const NEW_USER = '/new-user';

const PLACEHOLDER_ORIGIN = 'http://lamp.invalid';

/** The page's own origin; a placeholder outside a browser (unit tests pass one). */
function pageOrigin(): string {
  return typeof location === 'undefined' ? PLACEHOLDER_ORIGIN : location.origin;
}

function resolve(path: string, origin: string): URL | null {
  try {
    return new URL(path, origin);
  } catch {
    return null;
  }
}

/**
 * Only a path on this origin is followed (open redirect). The check is the browser's own: `next`
 * is resolved against the origin and the origins compared, so every spelling the URL parser
 * accepts (`//host`, `/\host`, tabs, `https:`, `javascript:`) is judged as the browser will judge
 * it. The path handed back is resolved once more: `/..//evil.test` resolves on this origin to the
 * path `//evil.test`, which the browser, given that path alone, reads as another host.
 */
export function safeNextPath(next: string | null, origin: string = pageOrigin()): string {
  if (!next || !next.startsWith('/')) return HOME;
  const target = resolve(next, origin);
  if (!target || target.origin !== origin) return HOME;
  if (target.pathname === LOGIN || target.pathname.startsWith(`${LOGIN}/`)) return HOME;
  const path = `${target.pathname}${target.search}${target.hash}`;
  const followed = resolve(path, origin);
  if (!followed || followed.href !== target.href) return HOME;
  return path;
}

function withLoginFlag(path: string): string {
  const url = new URL(path, PLACEHOLDER_ORIGIN);
  url.searchParams.set(LOGIN_FLAG, 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A first login: the user has not answered the marketing-consent question yet (new users and
 * invitations), so they confirm their details on /new-user first.
 */
export function isFirstLogin(user: { viewed_marketing_consent?: boolean } | null | undefined): boolean {
  return user?.viewed_marketing_consent === false;
}

export function afterLoginPath(search: string, firstLogin = false): string {
  if (firstLogin) return withLoginFlag(NEW_USER);
  return withLoginFlag(safeNextPath(new URLSearchParams(search).get('next')));
}
