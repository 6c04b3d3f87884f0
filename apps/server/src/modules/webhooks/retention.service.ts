import type { Adapters } from '../../platform/adapters';
import { pruneDeliveries, pruneEvents, pruneHolds } from './webhooks.repo';

/** Rows removed per statement: a day's backlog goes in short transactions that never hold the database long. */
const SLICE = 500;

/**
 * `webhooks.prune`: the events and delivery log older than WEBHOOKS_RETENTION_DAYS go (deliveries still pending
 * stay, with their events). Answers how many deliveries and events were removed.
 */
export async function pruneWebhooks(
  deps: Pick<Adapters, 'db' | 'clock' | 'config'>,
): Promise<{ deliveries: number; events: number }> {
  const before = new Date(
    deps.clock.now().getTime() - deps.config.WEBHOOKS_RETENTION_DAYS * 24 * 3600_000,
  ).toISOString();
  let deliveries = 0;
  let events = 0;
  for (let n = SLICE; n === SLICE; deliveries += n) n = await pruneDeliveries(deps.db, before, SLICE);
  for (let n = SLICE; n === SLICE; events += n) n = await pruneEvents(deps.db, before, SLICE);
  await pruneHolds(deps.db, before);
  return { deliveries, events };
}
