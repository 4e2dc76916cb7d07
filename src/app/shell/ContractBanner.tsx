import { messages } from '../../shared/messages.ts';
import { isActive, type ContractRow } from '../kit/contracts.tsx';
import { CONTRACT_BANNER_HEIGHT_PX } from '../../shared/constants.ts';

/**
 * The contract warning banner (spec §4 reading A, §8 text). It is 48 px high, and the layout below
 * loses those 48 px; on a narrow screen the text wraps and the banner takes its own height, so the
 * whole message (with "Please contact Client Success") is always read.
 */
export function ContractBanner() {
  return (
    <div
      role="alert"
      style={{ minHeight: CONTRACT_BANNER_HEIGHT_PX }}
      className="flex shrink-0 items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
      data-testid="contract-banner"
    >
      <span aria-hidden="true">⚠</span>
      <span>{messages.contractBanner}</span>
    </div>
  );
}

/**
 * Reading A (decisions.md §3): the banner shows when the account has lamp_access, is not exempt,
 * and no contract attached to it is active (no contract counts too). Active is the server's flag,
 * over the contract's whole list and its dates (isActive).
 */
export function contractBannerShows(
  account: { id: string; feature_flags: { lamp_access: boolean } },
  contracts: readonly (Pick<ContractRow, 'accounts' | 'active' | 'measurements'> &
    Partial<Pick<ContractRow, 'start_date' | 'end_date'>>)[],
  exemptAccountIds: readonly string[],
): boolean {
  if (!account.feature_flags.lamp_access) return false;
  if (exemptAccountIds.includes(account.id)) return false;
  return !contracts.some(
    (c) => c.accounts.includes(account.id) && isActive({ start_date: null, end_date: null, ...c }),
  );
}
