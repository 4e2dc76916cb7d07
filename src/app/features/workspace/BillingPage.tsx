/**
 * /billing (write or admin, spec §2, §6): the selected account's contracts (billing name, dates,
 * value, measurements attached, active) and purchase orders (reference, amount, dates,
 * remaining). Both lists page, sort, search and export on the server's terms.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { $selectedAccount, $selectedAccountId } from '../../../stores/account.ts';
import { dateColumn, linkColumn, statusColumn } from '../../kit/columns.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { emptyWhen, ListView } from '../../kit/ListView.tsx';
import { useResourceList } from '../../kit/useResourceList.ts';
import { paths } from '../../routes/index.ts';
import { Card } from '../../shared/Card.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { CONTRACT_COLUMNS as C, moneyColumn, type ContractRow } from '../../kit/contracts.tsx';
import { contractList, purchaseOrderList, type PurchaseOrderRow } from './billing.ts';

const contractColumns: Column<ContractRow>[] = [C.billingName, C.dates, C.value, C.measurements, C.active];

const orderColumns: Column<PurchaseOrderRow>[] = [
  linkColumn({
    id: 'reference',
    header: 'Reference',
    sortField: 'reference',
    text: (o) => o.reference,
    href: (o) => paths.purchaseOrder(o.id),
    look: 'medium',
  }),
  moneyColumn('amount', 'Amount'),
  dateColumn('issued_date', 'Issued', { wide: true }),
  statusColumn(undefined, { wide: true }),
  moneyColumn('remaining', 'Remaining', { sortField: undefined }),
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
          search
          csv
          empty={emptyWhen('contracts', {
            title: 'No contracts',
            body: 'Client Success attaches contracts to this account.',
          })}
        />
      </Card>
      <Card title="Purchase orders">
        <ListView
          list={orders}
          columns={orderColumns}
          search
          csv
          empty={emptyWhen('purchase orders', { title: 'No purchase orders' })}
        />
      </Card>
    </div>
  );
}
