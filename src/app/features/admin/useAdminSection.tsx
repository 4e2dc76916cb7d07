/**
 * What the three generic admin pages share: the section a route shows with its declaration
 * (loaded lazily), the registry's entry for its resource, and how a record is named.
 */
import { useStore } from '@nanostores/react';
import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { $selectedAccount } from '../../../stores/account.ts';
import { findRoute } from '../../routes/index.ts';
import { EmptyState, Skeleton } from '../../shared/EmptyState.tsx';
import { ErrorPlaceholder } from '../../shared/ErrorPlaceholder.tsx';
import { useAsync } from '../../shared/useAsync.ts';
import type { AdminDeclaration, SectionContext } from './declaration.ts';
import { loadDeclaration, sectionView, type SectionView } from './sections.ts';

export interface ResolvedSection {
  view: SectionView;
  declaration: AdminDeclaration;
  context: SectionContext;
}

/** How a record is named: the app's one rule, re-exported for the admin pages. */
export { recordTitle } from '../../../shared/record-title.ts';

/**
 * Renders `children` with the section of the current route once its declaration has loaded; a
 * loading skeleton before, and an honest message for a section without a declaration.
 */
export function AdminSectionGate({
  params,
  children,
}: {
  params: Readonly<Record<string, string>>;
  children: (resolved: ResolvedSection) => ReactNode;
}) {
  const [location] = useLocation();
  const account = useStore($selectedAccount);
  const routeId = findRoute(location).route.id;
  const paramsKey = JSON.stringify(params);
  const view = useMemo(
    () => sectionView(routeId, JSON.parse(paramsKey) as Record<string, string>),
    [routeId, paramsKey],
  );
  const context = useMemo<SectionContext | null>(
    () =>
      account
        ? { accountId: account.id, accountName: account.name, params: JSON.parse(paramsKey) as Record<string, string> }
        : null,
    [account, paramsKey],
  );
  const declaration = useAsync(
    async () => (view && context ? loadDeclaration(view, context) : null),
    view && context ? `${routeId}:${context.accountId}:${paramsKey}` : null,
  );
  if (!view) return <ErrorPlaceholder name="admin section" message="There is no such admin page." />;
  if (declaration.error) return <ErrorPlaceholder name={view.singular.toLowerCase()} error={declaration.error} />;
  if (declaration.loading || !context) return <Skeleton className="h-72 w-full" />;
  if (!declaration.data)
    return (
      <EmptyState title={`${view.title} is not available yet`}>
        This admin section has no page of its own yet.
      </EmptyState>
    );
  return <>{children({ view, declaration: declaration.data, context })}</>;
}
