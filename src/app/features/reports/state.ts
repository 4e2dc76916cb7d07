/** The report builder's URL state lives in src/shared (the scheduled-report runner reads saved reports the same way). */
export * from '../../../shared/report-state.ts';
import type { MetricKey } from '../../../shared/metrics.ts';
import type { ReportDimension } from '../../../shared/reports.ts';

/** An admin report's metrics and grouping, which the person viewing it cannot change. */
export interface FixedDefinition {
  metrics: MetricKey[];
  groupBy: ReportDimension[];
}

/** Why Save report and Update are off: the builder's empty state says the same. */
export const CHOOSE_FIRST = 'Choose measurements to save the report';
