/**
 * Which sections each sidebar kind of the route table shows, in order. This is the one place that
 * ties features to the shell's sidebar: a feature exports its section components from its own
 * folder (e.g. features/measurements/MeasurementSections.tsx) and adds one line here. Each section
 * is its own lazily loaded chunk, fetched only when a page with that sidebar opens.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Account } from '../shared/schemas/account.ts';
import type { SidebarKind } from './routes/index.ts';

type Section = LazyExoticComponent<ComponentType>;

export const sidebarSections: Readonly<Record<Exclude<SidebarKind, 'none'>, readonly Section[]>> = {
  measurements: [
    lazy(() => import('./features/measurements/MeasurementSections.tsx')),
    lazy(() => import('./features/measurements/MeasurementTree.tsx')),
  ],
  reports: [lazy(() => import('./features/reports/ReportsSidebar.tsx'))],
  admin: [lazy(() => import('./shell/sections/AdminMenu.tsx'))],
  spotlight: [lazy(() => import('./features/spotlight/SpotlightSections.tsx'))],
  activations: [lazy(() => import('./features/activations/ActivationSections.tsx'))],
};

/**
 * The sidebar a route shows in an account, or null when it would be empty: the measurement tree
 * is all the measurements sidebar has on pages outside a measurement, and an account without
 * lamp_access has none, so a self-serve home would keep a blank column beside its page.
 */
export function sidebarIn(
  kind: SidebarKind,
  account: Pick<Account, 'feature_flags'> | null,
): Exclude<SidebarKind, 'none'> | null {
  if (kind === 'none') return null;
  if (kind === 'measurements' && account && !account.feature_flags.lamp_access) return null;
  return kind;
}
