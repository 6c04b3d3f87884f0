import { AuditFilters, AuditListResponse, AuditQuery } from '@forecourt/contracts';
import type { App } from '../../app-types';
import { sendCsv } from '../../http/attachment';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { exportAuditCsv, listAudit } from './audit.service';

/** The audit screen's list and its CSV export; there is no route that changes or removes an entry. */
export async function auditRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { adapters, auth } = deps;

  app.get(
    '/api/audit',
    { preHandler: auth.requireUser, schema: { querystring: AuditQuery, response: { 200: AuditListResponse } } },
    async (request) => listAudit(adapters, currentUser(request), request.query),
  );

  app.get(
    '/api/audit/export.csv',
    { preHandler: auth.requireUser, schema: { querystring: AuditFilters } },
    async (request, reply) => {
      const csv = await exportAuditCsv(adapters, currentUser(request), request.query);
      const day = adapters.clock.now().toISOString().slice(0, 10);
      return sendCsv(reply, `forecourt-audit-${day}.csv`, csv);
    },
  );
}
