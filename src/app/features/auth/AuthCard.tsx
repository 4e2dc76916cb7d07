import type { ReactNode } from 'react';
import { PRODUCT_NAME, TAGLINE } from '../../../shared/constants.ts';
import { paths } from '../../routes/index.ts';

/**
 * The frame of the pages a user reaches from an e-mail or at first login (bare layout): the
 * product mark above a centred card, like the sign-in page.
 */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <a href="/" className="mb-8 flex flex-col items-center gap-1 no-underline">
        <span className="text-4xl font-extrabold tracking-tight text-slate-800">{PRODUCT_NAME}</span>
        <span className="text-sm font-medium tracking-wide text-slate-600">{TAGLINE}</span>
      </a>
      <div
        className={`w-full ${wide ? 'max-w-xl' : 'max-w-md'} rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}
      >
        <h1 className="mb-6 text-xl font-semibold text-slate-800">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** What an e-mailed link's page says when the link cannot be used: why, and the way back. */
export function LinkFailed({ message }: { message: string }) {
  return (
    <div role="alert" className="space-y-4">
      <p className="text-slate-700">{message}</p>
      <a href={paths.login()} className="font-medium">
        Back to sign in
      </a>
    </div>
  );
}
