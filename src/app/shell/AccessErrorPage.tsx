import type { AccessErrorKind } from '../../shared/access.ts';
import { messages } from '../../shared/messages.ts';
import { buttonClass } from '../shared/Button.tsx';
import { paths } from '../routes/index.ts';
import { Link } from 'wouter';

/** The page title of each access error (spec §2). */
export const ACCESS_ERROR_TITLES: Record<AccessErrorKind, string> = {
  user: messages.titles.userError,
  account: messages.titles.accountError,
  spotlight: messages.titles.spotlightError,
};

/**
 * The text of each access error (decisions.md §3): the account lacks a feature → 'user';
 * the role is too low → 'account'; Spotlight: the account lacks it, or (non-root) the user is in
 * a foreign account.
 */
export function accessErrorText(kind: AccessErrorKind, spotlightForeignAccount = false): string {
  if (kind === 'account') return messages.access.accountError;
  if (kind === 'spotlight' && spotlightForeignAccount) return messages.access.spotlightNoAccess;
  return messages.access.userError;
}

export function AccessErrorPage({ kind, foreignAccount }: { kind: AccessErrorKind; foreignAccount?: boolean }) {
  return (
    <section
      aria-labelledby="access-error-title"
      data-access-error={kind}
      className="mx-auto mt-10 max-w-xl rounded-xl border border-slate-200 bg-white px-8 py-10 text-center shadow-sm"
    >
      <div
        aria-hidden="true"
        className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-amber-50 text-xl text-amber-700 ring-1 ring-amber-200"
      >
        !
      </div>
      <h1 id="access-error-title" className="mb-2 text-xl font-semibold text-slate-900">
        {ACCESS_ERROR_TITLES[kind]}
      </h1>
      <p className="mb-6 text-slate-700">{accessErrorText(kind, foreignAccount)}</p>
      <Link href={paths.home()} className={buttonClass('secondary')}>
        Go to the home page
      </Link>
    </section>
  );
}
