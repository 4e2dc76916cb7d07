/**
 * What the two contract sections share (Account Contracts for the selected account, All Contracts
 * across accounts): columns and fields; each section file adds its own scope.
 */
import type { Column } from '../../kit/DataTable.tsx';
import { CONTRACT_COLUMNS as C, type ContractRow } from '../../kit/contracts.tsx';
import type { FieldDeclaration } from './declaration.ts';

/** The value is kept off a phone here, where the accounts column competes for the width. */
export const contractColumns: Column<ContractRow>[] = [
  C.billingName,
  C.dates,
  { ...C.value, wide: true },
  C.accounts,
  C.measurements,
  C.active,
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
