import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $accounts, $accountsState, $selectedAccount } from '../../stores/account.ts';
import type { PageProps } from '../routes/index.ts';
import { PageHeader } from '../shared/PageHeader.tsx';
import { Spinner } from '../shared/Spinner.tsx';

const AccountSwitcher = lazy(() => import('../shell/AccountSwitcher.tsx'));

/** /settings: where small screens switch account (the user menu's 'Switch account'). */
export default function SettingsPage(_props: PageProps) {
  const account = useStore($selectedAccount);
  const accounts = useStore($accounts);
  const state = useStore($accountsState);
  // With one account there is nothing to choose: a disabled box would not say why, so say it.
  const single = state === 'ready' && accounts.length < 2;
  return (
    <div className="max-w-xl">
      <PageHeader title="Settings" />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="mb-1 text-base font-semibold text-slate-900">Account</h2>
        {single ? (
          <p className="text-sm text-slate-600">
            You are working in <strong className="font-semibold text-slate-900">{account?.name}</strong>, the only
            account you have access to. An admin of another account can give you access to it.
          </p>
        ) : (
          <>
            <p className="mb-4 text-sm text-slate-600">
              You are working in <strong className="font-semibold text-slate-900">{account?.name}</strong>. Choose
              another account you may access.
            </p>
            <Suspense fallback={<Spinner label="Loading accounts" />}>
              <AccountSwitcher lock={null} variant="page" />
            </Suspense>
          </>
        )}
      </section>
    </div>
  );
}
