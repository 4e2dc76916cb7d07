/**
 * How a record is named to people (spec §2 "Breadcrumbs", decisions.md §8): the registry's title
 * fields, joined, or the resource's own naming where fields alone would fall back to an id (an
 * import job without a file is named by its type). The id only when nothing else names it.
 */
import { importJobName } from './import-job-name.ts';
import type { ImportJob } from './schemas/import-job.ts';
import { isResource, RESOURCE_FACTS } from './resource-facts.ts';
import type { ResourceName } from './schemas/index.ts';

const NAMED_BY: Partial<Record<ResourceName, (row: Record<string, unknown>) => string>> = {
  'import-job': (row) => importJobName(row as Pick<ImportJob, 'file_name' | 'job_type'>),
};

export function recordTitle(resource: string, row: Record<string, unknown>): string {
  const own = isResource(resource) ? NAMED_BY[resource] : undefined;
  if (own) return own(row);
  const fields = isResource(resource) ? RESOURCE_FACTS[resource].titleFields : ['name'];
  const text = fields
    .map((field) => row[field])
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .join(' ')
    .trim();
  return text || (typeof row.id === 'string' ? row.id : '');
}
