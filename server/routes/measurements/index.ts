/** Measurements beyond the engine: dashboard figures, tags and placement upload, data imports. */
import { importJobsPlugin } from './import-jobs.ts';
import { measurementTagsPlugin } from './measurement-tags.ts';
import { metricsPlugin } from './metrics.ts';

export const measurementPlugins = [metricsPlugin, measurementTagsPlugin, importJobsPlugin];
