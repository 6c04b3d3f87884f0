import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { postWebhook } from '../../platform/webhooks/webhook-http';
import { drainWebhookStream } from './delivery.service';

/** `webhooks.deliver`: one stream of one endpoint, sent in order (delivery.service.ts says how). */
export function webhooksJobs(adapters: Adapters) {
  const deps = { ...adapters, post: postWebhook };
  const deliver = defineJob('webhooks.deliver', (payload, ctx) =>
    drainWebhookStream(deps, payload, `${ctx.jobId}:${ctx.attempt}`),
  );
  return { deliver };
}
