/**
 * Spotlight onboarding by error id (spec §2, §4; decisions.md §5):
 *   1  link an existing account (the user id and company id, for the account manager) or create one;
 *   3  'You do not have Spotlight access for this account' (the store logs the warning);
 *   4  the account has no Spotlight company yet: only the create option;
 *   other errors: their message.
 * 'Create Spotlight Account' is disabled while it runs; success stores the token, expands the
 * sidebar and says 'New spotlight user successfully created'; failure shows an error alert and the
 * button comes back after 1 s.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { BUTTON_REENABLE_MS } from '../../../shared/constants.ts';
import { messages } from '../../../shared/messages.ts';
import { SPOTLIGHT_ERROR } from '../../../shared/spotlight-words.ts';
import { $selectedAccount } from '../../../stores/account.ts';
import { showAlert, showSuccess } from '../../../stores/alerts.ts';
import { $currentUser } from '../../../stores/session.ts';
import { createSpotlightAccount, type SpotlightError } from '../../../stores/spotlight.ts';
import { Button } from '../../shared/Button.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';

/**
 * The two ids the account manager needs, together in one box (they are always asked for as a
 * pair) with one copy button. Where the clipboard is refused (a page not served over https) the
 * text is selected instead and the button says how to copy it.
 */
function IdsBox({ userId, companyId }: { userId: string; companyId: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'select'>('idle');
  const box = useRef<HTMLTextAreaElement>(null);
  const text = `User id: ${userId}\nCompany id: ${companyId}`;
  const copy = () => {
    const selectAll = () => {
      box.current?.focus();
      box.current?.select();
      setState('select');
    };
    if (!navigator.clipboard) return selectAll();
    navigator.clipboard.writeText(text).then(() => setState('copied'), selectAll);
  };
  return (
    <div>
      <label htmlFor="spotlight-ids" className="mb-1 block text-sm font-medium text-slate-700">
        Your ids
      </label>
      <textarea
        id="spotlight-ids"
        ref={box}
        readOnly
        rows={2}
        value={text}
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full resize-none rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
      />
      <div className="mt-2 flex items-center gap-3">
        <Button variant="secondary" onClick={copy}>
          {messages.spotlight.copyIds}
        </Button>
        <span role="status" className="text-sm text-slate-700">
          {state === 'copied' ? messages.spotlight.copied : state === 'select' ? messages.spotlight.copyByHand : ''}
        </span>
      </div>
    </div>
  );
}

function CreateOption() {
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const create = async () => {
    setBusy(true);
    const result = await createSpotlightAccount();
    if (result.ok) {
      showSuccess(messages.spotlight.userCreated);
      setBusy(false);
      return;
    }
    showAlert('error', result.message || messages.errors.unexpected);
    timer.current = setTimeout(() => setBusy(false), BUTTON_REENABLE_MS);
  };
  return (
    <section aria-labelledby="spotlight-create" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="spotlight-create" className="mb-1 text-base font-semibold text-slate-900">
        {messages.spotlight.createNew}
      </h2>
      <p className="mb-4 text-sm text-slate-700">{messages.spotlight.createNewHelp}</p>
      <Button onClick={() => void create()} disabled={busy} aria-busy={busy}>
        {messages.spotlight.createAccount}
      </Button>
    </section>
  );
}

export function Onboarding({ error }: { error: SpotlightError }) {
  const user = useStore($currentUser);
  const account = useStore($selectedAccount);
  const linkable = error.id === SPOTLIGHT_ERROR.noUser;
  const creatable = linkable || error.id === SPOTLIGHT_ERROR.noCompany;
  // Errors 1 and 4 are a welcome with a way in; the others are the Spotlight error page (spec §2).
  usePageTitle(creatable ? undefined : messages.titles.spotlightError);
  const text = error.id === SPOTLIGHT_ERROR.notMember ? messages.access.spotlightNoAccess : error.message;
  return (
    <div className="mx-auto max-w-3xl space-y-5" data-spotlight-error={error.id}>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {creatable ? messages.spotlight.onboardingTitle : messages.titles.spotlightError}
        </h1>
        <p className="mt-2 text-slate-700" role={creatable ? undefined : 'alert'}>
          {text}
        </p>
      </div>
      {creatable ? (
        <div className={`grid gap-5 ${linkable ? 'md:grid-cols-2' : ''}`}>
          {linkable && user && account ? (
            <section
              aria-labelledby="spotlight-link"
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <h2 id="spotlight-link" className="mb-1 text-base font-semibold text-slate-900">
                {messages.spotlight.linkExisting}
              </h2>
              <p className="mb-4 text-sm text-slate-700">{messages.spotlight.linkExistingHelp}</p>
              <IdsBox userId={user.id} companyId={account.id} />
            </section>
          ) : null}
          <CreateOption />
        </div>
      ) : null}
    </div>
  );
}
