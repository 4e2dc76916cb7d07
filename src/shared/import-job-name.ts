/**
 * How people name an import job (decisions.md §8): by its file, else by its type; lists and search
 * add the measurement and show the id only as secondary text. No zod here: pages and the search
 * modal import it without pulling in the schema chunk.
 */
import type { ImportJob } from './schemas/import-job.ts';

const JOB_TYPE_NAMES: Record<ImportJob['job_type'], string> = {
  upload: 'Upload',
  api: 'API import',
  scheduled: 'Scheduled import',
};

export function importJobName(job: Pick<ImportJob, 'file_name' | 'job_type'>): string {
  return job.file_name?.trim() || JOB_TYPE_NAMES[job.job_type] || 'Import';
}
