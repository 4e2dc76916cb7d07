/** The report builder's URL state lives in src/shared (the scheduled-report runner reads saved reports the same way). */
export * from '../../../shared/report-state.ts';
