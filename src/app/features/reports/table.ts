/** The results table model lives in src/shared (a scheduled report's CSV is built by the same code). */
export * from '../../../shared/report-table.ts';
