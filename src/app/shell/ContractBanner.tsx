import { messages } from '../../shared/messages.ts';
import { CONTRACT_BANNER_HEIGHT_PX } from '../../shared/constants.ts';

/** The contract warning banner (spec §4 reading A, §8 text); the layout loses its 48 px. */
export function ContractBanner() {
  return (
    <div
      role="alert"
      style={{ height: CONTRACT_BANNER_HEIGHT_PX }}
      className="flex items-center justify-center gap-2 overflow-hidden border-b border-amber-300 bg-amber-50 px-4 text-center text-sm font-medium text-amber-900"
    >
      <span aria-hidden="true">⚠</span>
      <span className="truncate">{messages.contractBanner}</span>
    </div>
  );
}

/**
 * Reading A (decisions.md §3): the banner shows when the account has lamp_access, is not exempt,
 * and no contract attached to it has a non-empty measurement list (no contract counts too).
 */
export function contractBannerShows(
  account: { id: string; feature_flags: { lamp_access: boolean } },
  contracts: readonly { accounts: readonly string[]; measurements: readonly string[] }[],
  exemptAccountIds: readonly string[],
): boolean {
  if (!account.feature_flags.lamp_access) return false;
  if (exemptAccountIds.includes(account.id)) return false;
  return !contracts.some((c) => c.accounts.includes(account.id) && c.measurements.length > 0);
}
