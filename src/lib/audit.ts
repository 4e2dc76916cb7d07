/**
 * The audit trail's reads (GET /api/v1/audit-event): a page of records, and the export's address
 * for the same filters. The trail is not a registry resource (nothing writes it through the API),
 * so it has its own calls beside the kit's.
 */
import { auditEventList, AUDIT_RESOURCE, type AuditEvent } from '../shared/schemas/audit-event.ts';
import { buildUrl, call, type Query } from './api.ts';
import { resourcePath } from '../shared/endpoints/routes.ts';

const PATH = resourcePath(AUDIT_RESOURCE);

export async function listAuditEvents(query: Query): Promise<{ data: AuditEvent[]; count: number }> {
  return (await call(PATH, { query }, auditEventList)) ?? { data: [], count: 0 };
}

/** The CSV of every record these filters select (a download link: the browser sends the session cookie). */
export function auditExportUrl(query: Query): string {
  return buildUrl(`${PATH}/export`, query);
}
