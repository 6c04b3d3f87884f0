import { DmsDelivery, DmsSettingsInput, GroupDms, GroupParams } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import { getGroupDms, setGroupDms, testGroupDms } from './dms.service';

/** /api/settings/groups/:groupId/dms: a group's DMS, a test delivery and the last deliveries. */
export async function dmsRoutes(app: App, { adapters, auth }: { adapters: Adapters; auth: Auth }): Promise<void> {
  const pre = { preHandler: auth.requireUser };
  const base = '/api/settings/groups/:groupId/dms';
  app.get(base, { ...pre, schema: { params: GroupParams, response: { 200: GroupDms } } }, async (req) =>
    getGroupDms(adapters, currentUser(req), req.params.groupId),
  );
  app.put(
    base,
    { ...pre, schema: { params: GroupParams, body: DmsSettingsInput, response: { 200: GroupDms } } },
    async (req) => {
      const user = currentUser(req);
      return setGroupDms(adapters, user, req.params.groupId, req.body, auditContextOf(req, user));
    },
  );
  app.post(`${base}/test`, { ...pre, schema: { params: GroupParams, response: { 200: DmsDelivery } } }, async (req) =>
    testGroupDms(adapters, currentUser(req), req.params.groupId),
  );
}
