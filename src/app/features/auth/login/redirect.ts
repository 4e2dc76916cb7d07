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

/** Only a same-site path is followed: never `//host`, `/\host` or a full URL (open redirect). */
export function safeNextPath(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME;
  let url: URL;
  try {
    url = new URL(next, 'http://lamp.invalid');
  } catch {
    return HOME;
  }
  if (url.origin !== 'http://lamp.invalid') return HOME;
  if (url.pathname === LOGIN || url.pathname.startsWith(`${LOGIN}/`)) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

function withLoginFlag(path: string): string {
  const url = new URL(path, 'http://lamp.invalid');
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
