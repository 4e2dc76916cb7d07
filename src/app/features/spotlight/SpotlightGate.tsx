/**
 * Every Spotlight page sits behind this: it asks the service for a token for the selected account
 * (stores/spotlight.ts), shows the onboarding while there is none, and the page once there is.
 * While onboarding the sidebar is folded away (its links would lead nowhere); a created account
 * expands it again (spec §4).
 */
import { useStore } from '@nanostores/react';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { $selectedAccountId } from '../../../stores/account.ts';
import { collapseSidebar } from '../../../stores/sidebar.ts';
import { $spotlight, authenticateSpotlight } from '../../../stores/spotlight.ts';
import type { PageProps } from '../../routes/index.ts';
import { Spinner } from '../../shared/Spinner.tsx';
import { Onboarding } from './Onboarding.tsx';

export function SpotlightGate({ children }: { children: ReactNode }) {
  const state = useStore($spotlight);
  const accountId = useStore($selectedAccountId);
  useEffect(() => {
    void authenticateSpotlight();
  }, [accountId, state.status]);
  const failed = state.status === 'error' && state.accountId === accountId;
  useEffect(() => {
    if (failed) collapseSidebar();
  }, [failed]);
  if (state.status === 'error' && state.accountId === accountId) return <Onboarding error={state.error} />;
  if (state.status !== 'ready' || state.accountId !== accountId)
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Connecting to Spotlight" />
      </div>
    );
  return <>{children}</>;
}

/** A Spotlight route's page: the page itself, shown behind the gate. */
export function spotlightPage(Page: ComponentType<PageProps>): ComponentType<PageProps> {
  return function GatedPage(props: PageProps) {
    return (
      <SpotlightGate>
        <Page {...props} />
      </SpotlightGate>
    );
  };
}
