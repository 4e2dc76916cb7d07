/**
 * /billing/purchase-orders/{id} (write or admin): one purchase order with what it has left (the
 * server's `remaining`), its contract and the measurements it pays for (the server's list of the
 * contract's measurements the viewer may see).
 */
import { Link } from 'wouter';
import { getOne, listAll } from '../../../lib/api.ts';
import type { Measurement } from '../../../shared/schemas/measurement.ts';
import { useAsync } from '../../shared/useAsync.ts';
import { useRecord } from '../../kit/useRecord.ts';
import type { PageProps } from '../../routes/index.ts';
import { capitalise, paths } from '../../routes/index.ts';
import { Card } from '../../shared/Card.tsx';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { usePageTitle } from '../../shared/usePageTitle.ts';
import { ActiveBadge, ContractDates, isActive, money, type ContractRow } from '../../kit/contracts.tsx';
import { formatDate, formatDateRange } from '../../../shared/date-format.ts';
import type { PurchaseOrderRow } from './billing.ts';
import { listQuery, sortKeys } from '../../../shared/list-query-text.ts';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export default function PurchaseOrderPage({ params }: PageProps) {
  const order = useRecord('purchase-order', params.purchaseOrderId);
  usePageTitle(order.data ? `${order.data.reference} | Billing` : undefined);
  const contractId = order.data?.contract ?? null;
  const contract = useAsync<{ contract: ContractRow; measurements: Measurement[] } | null>(async () => {
    if (!contractId) return null;
    const row = await getOne('contract', contractId);
    // One list read of the contract's measurements: the server leaves out those the viewer may not see.
    const measurements = row.measurements.length
      ? await listAll(
          'measurement',
          listQuery('measurement', { id: row.measurements, sort: sortKeys('start_date', 'asc') }),
        )
      : [];
    return { contract: row, measurements };
  }, contractId ?? '');

  if (order.error) return <ErrorPlaceholder name="purchase order" error={order.error} />;
  if (!order.data) return <Skeleton className="h-64 w-full" />;
  const o: PurchaseOrderRow = order.data;
  return (
    <div className="space-y-6">
      <PageHeader title={`Purchase order ${o.reference}`}>
        <Link href={paths.billing()} className="text-sm font-medium">
          ← All billing
        </Link>
      </PageHeader>
      <Card>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <Fact term="Amount">{money(o.amount, o.currency)}</Fact>
          <Fact term="Remaining">{money(o.remaining, o.currency)}</Fact>
          <Fact term="Issued">{formatDate(o.issued_date)}</Fact>
          <Fact term="Status">{capitalise(o.status)}</Fact>
          <Fact term="Contract">{contract.data?.contract.billing_name ?? (contractId ? '…' : 'None')}</Fact>
        </dl>
      </Card>
      {contractId ? (
        <Card title="Contract">
          {contract.error ? (
            <ErrorPlaceholder name="contract" error={contract.error} />
          ) : !contract.data ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <>
              <dl className="mb-5 grid grid-cols-2 gap-4 sm:grid-cols-4">
                <Fact term="Billing name">{contract.data.contract.billing_name}</Fact>
                <Fact term="Dates">
                  <ContractDates start={contract.data.contract.start_date} end={contract.data.contract.end_date} />
                </Fact>
                <Fact term="Value">{money(contract.data.contract.value, contract.data.contract.currency)}</Fact>
                <Fact term="Active">
                  <ActiveBadge active={isActive(contract.data.contract)} />
                </Fact>
              </dl>
              <h3 className="mb-2 text-sm font-semibold text-slate-900">Measurements it pays for</h3>
              {contract.data.measurements.length === 0 ? (
                <EmptyState title="No measurements attached" />
              ) : (
                <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {contract.data.measurements.map((m) => (
                    <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
                      <Link href={paths.measurement(m.id)} className="font-medium">
                        {m.name}
                      </Link>
                      <span className="text-slate-600">{formatDateRange(m.start_date, m.end_date)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </Card>
      ) : null}
    </div>
  );
}
