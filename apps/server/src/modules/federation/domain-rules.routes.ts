import { DomainRule, DomainRuleInput, DomainRuleParams, DomainRulesResponse, GroupParams } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import {
  createGroupDomainRule,
  deleteGroupDomainRule,
  listGroupDomainRules,
  updateGroupDomainRule,
} from './domain-rules.service';

/** /api/settings/groups/:groupId/domain-rules: just-in-time accounts per e-mail domain (provider staff). */
export async function domainRuleRoutes(
  app: App,
  { adapters, auth }: { adapters: Adapters; auth: Auth },
): Promise<void> {
  const pre = { preHandler: auth.requireUser };
  const base = '/api/settings/groups/:groupId/domain-rules';

  app.get(base, { ...pre, schema: { params: GroupParams, response: { 200: DomainRulesResponse } } }, async (req) =>
    listGroupDomainRules(adapters, currentUser(req), req.params.groupId),
  );
  app.post(
    base,
    { ...pre, schema: { params: GroupParams, body: DomainRuleInput, response: { 201: DomainRule } } },
    async (req, reply) => {
      const user = currentUser(req);
      const rule = await createGroupDomainRule(adapters, user, req.params.groupId, req.body, auditContextOf(req, user));
      return reply.status(201).send(rule);
    },
  );
  app.put(
    `${base}/:domain`,
    { ...pre, schema: { params: DomainRuleParams, body: DomainRuleInput, response: { 200: DomainRule } } },
    async (req) => {
      const user = currentUser(req);
      const { groupId, domain } = req.params;
      return updateGroupDomainRule(adapters, user, groupId, domain, req.body, auditContextOf(req, user));
    },
  );
  app.delete(`${base}/:domain`, { ...pre, schema: { params: DomainRuleParams } }, async (req, reply) => {
    const user = currentUser(req);
    const { groupId, domain } = req.params;
    await deleteGroupDomainRule(adapters, user, groupId, domain, auditContextOf(req, user));
    return reply.status(204).send();
  });
}
