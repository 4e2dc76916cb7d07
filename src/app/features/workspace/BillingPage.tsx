/**
 * /billing (write or admin, spec §2, §6): the selected account's contracts (billing name, dates,
 * value, measurements attached, active) and purchase orders (reference, amount, dates,
 * remaining). Both lists page, sort, search and export on the server's terms.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { formatDate } from '../../../shared/date-format.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { ListView } from '../../kit/ListView.tsx';
import { useResourceList } from '../../kit/useResourceList.ts';
import { capitalise, paths } from '../../routes/index.ts';
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
    nowrap: true,
    csv: (o) => o.issued_date,
    cell: (o) => formatDate(o.issued_date),
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
      <Card title="Contracts">
        <ListView
          list={contracts}
          columns={contractColumns}
          rowLabel={(c) => c.billing_name}
          search="Search contracts"
          csv="contracts"
          empty={(filtered) =>
            filtered
              ? { title: 'No contracts match', body: 'Change the search to see more.' }
              : { title: 'No contracts', body: 'Client Success attaches contracts to this account.' }
          }
        />
      </Card>
      <Card title="Purchase orders">
        <ListView
          list={orders}
          columns={orderColumns}
          rowLabel={(o) => o.reference}
          search="Search purchase orders"
          csv="purchase-orders"
          empty={(filtered) =>
            filtered
              ? { title: 'No purchase orders match', body: 'Change the search to see more.' }
              : { title: 'No purchase orders' }
          }
        />
      </Card>
    </div>
  );
}
