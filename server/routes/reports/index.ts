/** Reports beyond the engine: report data, and scheduled reports' runs. */
import { reportsPlugin } from './reports.ts';

export const reportPlugins = [reportsPlugin];
