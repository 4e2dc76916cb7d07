/** Reports: the report builder, saved reports, and the admin-made reports under their slug. */
import { lamp, route } from './declare.ts';

const area = { access: lamp, sidebar: 'reports' } as const;

export const reportRoutes = [
  route('reports', '/reports', 'Reports', 'reports/ReportsPage', {
    ...area,
    nav: { menu: 'top', label: 'Reports', order: 20 },
    intro: 'Attention figures across measurements: pick the dates, the measurements and a grouping.',
  }),
  route('reports.saved', '/reports/saved', 'Saved Reports', 'reports/SavedReportsPage', area),
  route('reports.saved.detail', '/reports/saved/:name', 'Saved Report', 'reports/SavedReportPage', area),
  route('reports.slug', '/reports/*', 'Reports', 'reports/AdminReportPage', { ...area, switcherLock: null }),
];
