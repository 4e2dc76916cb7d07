/**
 * What the two contract sections share (Account Contracts for the selected account, All Contracts
 * across accounts): columns and fields; each section file adds its own scope.
 */
import type { Contract } from '../../../shared/schemas/contract.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { Badge, STATUS_TONES } from '../../shared/Badge.tsx';
import type { FieldDeclaration } from './declaration.ts';

type Row = Contract & { active?: boolean };

const money = (value: number | null, currency: string) =>
  value == null
    ? '—'
    : new Intl.NumberFormat('en-GB', { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
const dates = (start: string | null, end: string | null) => (start || end ? `${start ?? '…'} – ${end ?? '…'}` : '—');
/** decisions.md §3 reading A: active when its measurement list is not empty (the server's flag wins). */
const isActive = (row: Row) => row.active ?? row.measurements.length > 0;

export const contractColumns: Column<Row>[] = [
  {
    id: 'billing_name',
    header: 'Billing name',
    sortField: 'billing_name',
    csv: (c) => c.billing_name,
    cell: (c) => c.billing_name,
  },
  {
    id: 'dates',
    header: 'Dates',
    sortField: 'start_date',
    wide: true,
    csv: (c) => dates(c.start_date, c.end_date),
    cell: (c) => dates(c.start_date, c.end_date),
  },
  {
    id: 'value',
    header: 'Value',
    sortField: 'value',
    align: 'right',
    wide: true,
    csv: (c) => c.value,
    cell: (c) => money(c.value, c.currency),
  },
  {
    id: 'accounts',
    header: 'Accounts',
    align: 'right',
    wide: true,
    csv: (c) => c.accounts.length,
    cell: (c) => c.accounts.length,
  },
  {
    id: 'measurements',
    header: 'Measurements',
    align: 'right',
    csv: (c) => c.measurements.length,
    cell: (c) => c.measurements.length,
  },
  {
    id: 'active',
    header: 'Active',
    csv: (c) => (isActive(c) ? 'yes' : 'no'),
    cell: (c) => (
      <Badge className={isActive(c) ? STATUS_TONES.success : STATUS_TONES.other}>
        {isActive(c) ? 'Active' : 'Not active'}
      </Badge>
    ),
  },
];

export const contractFields: FieldDeclaration[] = [
  { name: 'billing_name', label: 'Billing name' },
  { name: 'accounts', label: 'Accounts', hint: 'The accounts that share this contract.' },
  {
    name: 'measurements',
    label: 'Measurements',
    hint: 'A contract with at least one measurement is active (the contract banner reads this).',
  },
  { name: 'start_date', label: 'Start date' },
  { name: 'end_date', label: 'End date' },
  { name: 'value', label: 'Value' },
  { name: 'currency', label: 'Currency', labels: { GBP: 'GBP (£)', EUR: 'EUR (€)', USD: 'USD ($)' } },
  { name: 'notes', label: 'Notes' },
];
