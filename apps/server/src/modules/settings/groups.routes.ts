import { GroupInput, GroupParams, SettingsGroup, SettingsGroupsResponse } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import { createSettingsGroup, listSettingsGroups, renameSettingsGroup, setSettingsGroupActive } from './groups.service';

/** /api/settings/groups: the dealer groups (provider administrators and customer success). */
export async function groupRoutes(app: App, { adapters, auth }: { adapters: Adapters; auth: Auth }): Promise<void> {
  const pre = { preHandler: auth.requireUser };
  const one = { 200: SettingsGroup };

  app.get('/api/settings/groups', { ...pre, schema: { response: { 200: SettingsGroupsResponse } } }, async (req) =>
    listSettingsGroups(adapters, currentUser(req)),
  );
  app.post(
    '/api/settings/groups',
    { ...pre, schema: { body: GroupInput, response: { 201: SettingsGroup } } },
    async (req, reply) => {
      const user = currentUser(req);
      return reply.status(201).send(await createSettingsGroup(adapters, user, req.body, auditContextOf(req, user)));
    },
  );
  app.put(
    '/api/settings/groups/:groupId',
    { ...pre, schema: { params: GroupParams, body: GroupInput, response: one } },
    async (req) => {
      const user = currentUser(req);
      return renameSettingsGroup(adapters, user, req.params.groupId, req.body, auditContextOf(req, user));
    },
  );
  for (const [verb, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `/api/settings/groups/:groupId/${verb}`,
      { ...pre, schema: { params: GroupParams, response: one } },
      async (req) => {
        const user = currentUser(req);
        return setSettingsGroupActive(adapters, user, req.params.groupId, active, auditContextOf(req, user));
      },
    );
  }
}
