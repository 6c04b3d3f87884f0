import type { Executor } from '../../platform/db/database';
import { insertEndpoint } from './webhooks.repo';

/** The signing secret of the endpoints below (a valid `whsec_` secret, the same for all). */
export const FIXTURE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/**
 * An enabled webhook endpoint written straight to the database (its URL is not checked), for tests and benches
 * that need one: of grp-demo unless told, for every event type unless `eventTypes` lists some.
 */
export const addWebhookEndpoint = (
  db: Executor,
  endpoint: {
    id: string;
    url: string;
    groupId?: string;
    eventTypes?: string[];
    createdAt?: string;
    description?: string;
    createdBy?: string;
  },
) =>
  insertEndpoint(db, {
    id: endpoint.id,
    group_id: endpoint.groupId ?? 'grp-demo',
    url: endpoint.url,
    description: endpoint.description ?? '',
    event_types: JSON.stringify(endpoint.eventTypes ?? []),
    secret: FIXTURE_SECRET,
    previous_secret: null,
    previous_secret_until: null,
    enabled: 1,
    disabled_reason: null,
    created_at: endpoint.createdAt ?? new Date().toISOString(),
    created_by: endpoint.createdBy ?? 'test',
  });
