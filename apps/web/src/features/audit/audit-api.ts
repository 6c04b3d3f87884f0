import { AuditListResponse, type AuditFilters } from '@forecourt/contracts';
import { request } from '../../api/http';
import { saveResponse } from '../../lib/save-response';

const clean = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));

export const listAudit = (filters: AuditFilters, cursor?: string) =>
  request('/api/audit', { query: { ...clean(filters), cursor, limit: 50 }, schema: AuditListResponse });

/** Downloads the CSV of the same filters through the signed-in client. */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const res = await request<Response>('/api/audit/export.csv', {
    query: clean(filters),
    responseType: 'raw',
    headers: { Accept: 'text/csv' },
  });
  await saveResponse(res, 'forecourt-audit.csv');
}
