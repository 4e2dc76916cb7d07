/**
 * How a contract reads wherever it is listed (/billing, the admin contract sections, a purchase
 * order's page): money, dates, the active rule and the columns built on them. Each list composes
 * the columns it shows; none restates how a value is formatted.
 */
import { contractActive } from '../../shared/contracts.ts';
import { formatDate } from '../../shared/date-format.ts';
import type { Contract } from '../../shared/schemas/contract.ts';
import type { Column } from '../kit/DataTable.tsx';
import { Badge, STATUS_TONES } from './Badge.tsx';
import { todayUtc } from './metrics/dateRange.ts';

/** A contract as the server sends it, with its derived `active` flag. */
export type ContractRow = Contract & { active?: boolean };

export function money(amount: number | null | undefined, currency: string): string {
  if (amount == null) return '—';
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
}

export const dates = (start: string | null, end: string | null) =>
  start || end ? `${start ?? '…'} – ${end ?? '…'}` : '—';

/** A contract's dates as people read them; each date kept whole when the range wraps. */
function ShownDates({ start, end }: { start: string | null; end: string | null }) {
  if (!start && !end) return <>—</>;
  const day = (value: string | null) => <span className="whitespace-nowrap">{value ? formatDate(value) : '…'}</span>;
  return (
    <>
      {day(start)} – {day(end)}
    </>
  );
}

/**
 * decisions.md §3 (reading A): the server's `active`, computed over the contract's whole
 * measurement list and its dates; the same rule on the row as shown only when it sends none.
 */
export const isActive = (contract: Pick<ContractRow, 'active' | 'measurements' | 'start_date' | 'end_date'>) =>
  contract.active ?? contractActive(contract, todayUtc());

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge className={active ? STATUS_TONES.success : STATUS_TONES.other}>{active ? 'Active' : 'Not active'}</Badge>
  );
}

/** The contract columns every contract list picks from. */
export const CONTRACT_COLUMNS = {
  billingName: {
    id: 'billing_name',
    header: 'Billing name',
    sortField: 'billing_name',
    csv: (c) => c.billing_name,
    cell: (c) => <span className="font-medium">{c.billing_name}</span>,
  },
  dates: {
    id: 'dates',
    header: 'Dates',
    sortField: 'start_date',
    wide: true,
    csv: (c) => dates(c.start_date, c.end_date),
    cell: (c) => <ShownDates start={c.start_date} end={c.end_date} />,
  },
  value: {
    id: 'value',
    header: 'Value',
    sortField: 'value',
    align: 'right',
    csv: (c) => c.value,
    cell: (c) => money(c.value, c.currency),
  },
  accounts: {
    id: 'accounts',
    header: 'Accounts',
    align: 'right',
    wide: true,
    csv: (c) => c.accounts.length,
    cell: (c) => c.accounts.length,
  },
  measurements: {
    id: 'measurements',
    header: 'Measurements',
    align: 'right',
    csv: (c) => c.measurements.length,
    cell: (c) => c.measurements.length,
  },
  active: {
    id: 'active',
    header: 'Active',
    csv: (c) => (isActive(c) ? 'yes' : 'no'),
    cell: (c) => <ActiveBadge active={isActive(c)} />,
  },
} satisfies Record<string, Column<ContractRow>>;
