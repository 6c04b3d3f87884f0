import { AuditListResponse, type AuditFilters } from '@forecourt/contracts';
import { request } from '../../api/http';

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
  const name = /filename="([^"]+)"/i.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'forecourt-audit.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
