/**
 * Which sections each sidebar kind of the route table shows, in order. This is the one place that
 * ties features to the shell's sidebar: a feature exports its section components from its own
 * folder (e.g. features/measurements/MeasurementSections.tsx) and adds one line here. Each section
 * is its own lazily loaded chunk, fetched only when a page with that sidebar opens.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SidebarKind } from './routes.ts';

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
