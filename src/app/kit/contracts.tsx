/**
 * How a contract reads wherever it is listed (/billing, the admin contract sections, a purchase
 * order's page): money, dates, the active rule and the columns built on them. Each list composes
 * the columns it shows; none restates how a value is formatted.
 */
import { contractActive } from '../../shared/contracts.ts';
import { formatDate } from '../../shared/date-format.ts';
import type { Contract } from '../../shared/schemas/contract.ts';
import { figureColumn, type ColumnExtra } from './columns.tsx';
import type { Column } from './DataTable.tsx';
import { Badge, STATUS_TONES } from '../shared/Badge.tsx';
import { todayUtc } from '../shared/metrics/dateRange.ts';

/** A contract as the server sends it, with its derived `active` flag. */
export type ContractRow = Contract & { active?: boolean };

export function money(amount: number | null | undefined, currency: string): string {
  if (amount == null) return '—';
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
}

/** An amount in the row's currency; the CSV has the plain number. */
export function moneyColumn<K extends string, T extends Partial<Record<K, number | null>> & { currency: string }>(
  field: K,
  header: string,
  extra: ColumnExtra<T> = {},
): Column<T> {
  const amount = (row: T) => row[field] ?? null;
  const cell = (row: T) => money(amount(row), row.currency);
  return figureColumn(field, header, { csv: amount, cell }, { firstDirection: undefined, ...extra });
}

/** How many accounts or measurements a contract names, right-aligned. */
function countColumn(field: 'accounts' | 'measurements', header: string, extra: ColumnExtra<ContractRow> = {}) {
  const count = (c: ContractRow) => c[field].length;
  return { id: field, header, align: 'right', csv: count, cell: count, ...extra } satisfies Column<ContractRow>;
}

/** A contract's dates in a CSV file: ISO days, as the API sends them. */
export const isoDates = (start: string | null, end: string | null) =>
  start || end ? `${start ?? '…'} – ${end ?? '…'}` : '—';

/**
 * A contract's dates as people read them ('1 Apr 2026 – 31 Mar 2027'; a missing side is open).
 * Each date keeps to one line, so a narrow column breaks the range between its dates, never
 * inside one.
 */
export function ContractDates({ start, end }: { start: string | null; end: string | null }) {
  if (!start && !end) return <>—</>;
  return (
    <>
      <span className="whitespace-nowrap">{start ? formatDate(start) : '…'}</span> –{' '}
      <span className="whitespace-nowrap">{end ? formatDate(end) : '…'}</span>
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
    csv: (c) => isoDates(c.start_date, c.end_date),
    cell: (c) => <ContractDates start={c.start_date} end={c.end_date} />,
  },
  value: moneyColumn('value', 'Value'),
  accounts: countColumn('accounts', 'Accounts', { wide: true }),
  measurements: countColumn('measurements', 'Measurements'),
  active: {
    id: 'active',
    header: 'Active',
    csv: (c) => (isActive(c) ? 'yes' : 'no'),
    cell: (c) => <ActiveBadge active={isActive(c)} />,
  },
} satisfies Record<string, Column<ContractRow>>;
