import type { FastifyRequest } from 'fastify';
import type { UserContext } from '../identity/user-context';
import { actorOf, type AuditContext } from './audit.service';

/**
 * Who acts and from which address, for a route to hand its service: the signed-in caller (after an auth
 * preHandler) and the client address Fastify resolved (TRUST_PROXY decides whether X-Forwarded-For counts).
 */
export const auditContextOf = (request: FastifyRequest, user: Pick<UserContext, 'id' | 'email'>): AuditContext => ({
  actor: actorOf(user),
  clientAddress: request.ip || null,
});

/** The audit context of a request with no signed-in user yet (the first-run setup), under a system actor's label. */
export const anonymousAuditContextOf = (request: FastifyRequest, label: string): AuditContext => ({
  actor: { id: null, label },
  clientAddress: request.ip || null,
});
