/**
 * /billing (write or admin, spec §2, §6): the selected account's contracts (billing name, dates,
 * value, measurements attached, active) and purchase orders (reference, amount, dates,
 * remaining). Both lists page, sort, search and export on the server's terms.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { DataTable, type Column } from '../../kit/DataTable.tsx';
import { ExportCsvButton } from '../../kit/ExportCsvButton.tsx';
import { SearchBox } from '../../kit/SearchBox.tsx';
import { useResourceList } from '../../kit/useResourceList.ts';
import { capitalise, paths } from '../../routes.ts';
import { Card } from '../../shared/Card.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { CONTRACT_COLUMNS as C, money, type ContractRow } from '../../shared/contracts.tsx';
import { contractList, purchaseOrderList, type PurchaseOrderRow } from './billing.ts';

const contractColumns: Column<ContractRow>[] = [C.billingName, C.dates, C.value, C.measurements, C.active];

const orderColumns: Column<PurchaseOrderRow>[] = [
  {
    id: 'reference',
    header: 'Reference',
    sortField: 'reference',
    csv: (o) => o.reference,
    cell: (o) => (
      <Link href={paths.purchaseOrder(o.id)} className="font-medium">
        {o.reference}
      </Link>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    sortField: 'amount',
    align: 'right',
    csv: (o) => o.amount,
    cell: (o) => money(o.amount, o.currency),
  },
  {
    id: 'issued',
    header: 'Issued',
    sortField: 'issued_date',
    wide: true,
    csv: (o) => o.issued_date,
    cell: (o) => o.issued_date,
  },
  {
    id: 'status',
    header: 'Status',
    sortField: 'status',
    wide: true,
    csv: (o) => o.status,
    cell: (o) => capitalise(o.status),
  },
  {
    id: 'remaining',
    header: 'Remaining',
    align: 'right',
    csv: (o) => o.remaining ?? null,
    cell: (o) => money(o.remaining, o.currency),
  },
];

export default function BillingPage() {
  const accountId = useStore($selectedAccountId);
  const account = useStore($selectedAccount);
  const contractsBase = useMemo(() => (accountId ? { accounts: [accountId] } : null), [accountId]);
  const ordersBase = useMemo(() => (accountId ? { account: [accountId] } : null), [accountId]);
  const contracts = useResourceList(contractList, contractsBase);
  const orders = useResourceList(purchaseOrderList, ordersBase);
  return (
    <div className="space-y-6">
      <PageHeader title="Billing" />
      <p className="-mt-4 text-sm text-slate-600">
        Contracts and purchase orders of <strong className="font-semibold text-slate-900">{account?.name}</strong>.
      </p>
      <Card
        title="Contracts"
        actions={<ExportCsvButton list={contracts} columns={contractColumns} fileName="contracts" />}
      >
        <div className="mb-3">
          <SearchBox list={contracts} label="Search contracts" />
        </div>
        <DataTable
          list={contracts}
          columns={contractColumns}
          rowLabel={(c) => c.billing_name}
          empty={{ title: 'No contracts', body: 'Client Success attaches contracts to this account.' }}
        />
      </Card>
      <Card
        title="Purchase orders"
        actions={<ExportCsvButton list={orders} columns={orderColumns} fileName="purchase-orders" />}
      >
        <div className="mb-3">
          <SearchBox list={orders} label="Search purchase orders" />
        </div>
        <DataTable
          list={orders}
          columns={orderColumns}
          rowLabel={(o) => o.reference}
          empty={{ title: 'No purchase orders' }}
        />
      </Card>
    </div>
  );
}
