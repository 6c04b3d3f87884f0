import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { defineRecurringJob, type Recurrence } from '../../platform/queue/recurring';
import { postWebhook } from '../../platform/webhooks/webhook-http';
import { drainWebhookLane } from './delivery.service';
import { pruneWebhooks } from './retention.service';

/** `webhooks.prune`, once a day: events and their delivery log past WEBHOOKS_RETENTION_DAYS go. */
export const webhooksRetention: Recurrence = { name: 'webhooks.prune', everyMs: 24 * 3600_000, first: 'current-slot' };

/** `webhooks.deliver`: an endpoint's lane, its streams each sent in order (delivery.service.ts says how). */
export function webhooksJobs(adapters: Adapters) {
  const deps = { ...adapters, post: postWebhook };
  const deliver = defineJob('webhooks.deliver', (payload, ctx) =>
    drainWebhookLane(deps, payload.endpointId, { id: ctx.jobId, attempt: ctx.attempt }),
  );
  const prune = defineRecurringJob(adapters.queue, webhooksRetention, async () => {
    await pruneWebhooks(adapters);
  });
  return { deliver, prune };
}
