import type { ApiKeyScope } from '@forecourt/contracts';

const SHOOTING = '/api/owners/:ownerId/products/:productId/shootings/:shootingId';

/**
 * The /api routes a key reaches, by method and route pattern, and the scope each needs. A route not listed
 * answers 403 to a key whatever its scopes: a new portal route is closed to keys until it is placed here.
 * `*` is for every key (who am I: the account id that /api/users/:userId/… routes take).
 */
const ROUTES: Record<string, ApiKeyScope | '*'> = {
  'GET /api/users/me': '*',
  'GET /api/shootings': 'shootings:read',
  'GET /api/owners': 'shootings:read',
  'GET /api/external/legacy/users/:id/owners': 'shootings:read',
  'GET /api/owners/:ownerId/products': 'shootings:read',
  'GET /api/owners/:ownerId/products/:productId': 'shootings:read',
  [`GET ${SHOOTING}`]: 'shootings:read',
  [`GET ${SHOOTING}/videos`]: 'shootings:read',
  [`GET ${SHOOTING}/pipeline`]: 'shootings:read',
  // A feed system reads what a marketplace misses and fetches its export (zip, CSV feed).
  'GET /api/shootings/:id/marketplaces': 'shootings:read',
  'GET /api/shootings/:id/marketplaces/:profileId/export': 'shootings:read',
  // Pushes that export to the group's own webhook endpoints (marketplace.export.ready): nothing more than it reads.
  'POST /api/shootings/:id/marketplaces/:profileId/push': 'shootings:read',
  // Sends it through the group's DMS driver, like a shooting's resend to the DMS.
  'POST /api/shootings/:id/marketplaces/:profileId/push-dms': 'shootings:write',
  'GET /api/users/:userId/stamps': 'shootings:write',
  'POST /api/products/virtuals': 'shootings:write',
  'POST /api/products/:productId/shootings/generate_presigned_urls': 'shootings:write',
  'POST /api/owners/:ownerId/products/:productId/shootings': 'shootings:write',
  'POST /api/products/:productId/workflows/PHOTO/done': 'shootings:write',
  'GET /api/users/:id/statistics': 'engagement:read',
  // Who opened the personal links and what they watched (issue 31): a CRM reads them per shooting or vehicle.
  [`GET ${SHOOTING}/engagement`]: 'engagement:read',
  'GET /api/vehicles/:registration/engagement': 'engagement:read',
  'GET /api/users/:id/statistics/funnel': 'engagement:read',
  'GET /api/users/:id/statistics/funnel.csv': 'engagement:read',
  'GET /api/settings/groups/:groupId/webhooks': 'webhooks:manage',
  'POST /api/settings/groups/:groupId/webhooks': 'webhooks:manage',
  'PUT /api/settings/groups/:groupId/webhooks/:endpointId': 'webhooks:manage',
  'DELETE /api/settings/groups/:groupId/webhooks/:endpointId': 'webhooks:manage',
  'POST /api/settings/groups/:groupId/webhooks/:endpointId/rotate-secret': 'webhooks:manage',
  'POST /api/settings/groups/:groupId/webhooks/:endpointId/test': 'webhooks:manage',
  'GET /api/settings/groups/:groupId/webhooks/:endpointId/deliveries': 'webhooks:manage',
  'POST /api/settings/groups/:groupId/webhooks/:endpointId/deliveries/:deliveryId/replay': 'webhooks:manage',
};

/** Whether a key with these scopes may call this route (method and Fastify route pattern). */
export function keyMayCall(scopes: readonly string[], method: string, route: string): boolean {
  const needed = ROUTES[`${method.toUpperCase()} ${route}`];
  return needed === '*' || (needed !== undefined && scopes.includes(needed));
}

/** The routes of a scope, for the OpenAPI description. */
export const routesOfScope = (scope: ApiKeyScope): string[] =>
  Object.entries(ROUTES)
    .filter(([, s]) => s === scope)
    .map(([r]) => r);
