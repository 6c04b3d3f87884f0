import type { Adapters } from '../../platform/adapters';
import { defineRecurringJob, type Recurrence } from '../../platform/queue/recurring';
import { defineJob } from '../../platform/queue/queue';
import { sendAlertEmail } from './alerts.service';
import { applyRetention } from './beacon.service';

/** `engagement.retention`, once a day: visits past ENGAGEMENT_RETENTION_DAYS go, with their angles and moments. */
export const engagementRetention: Recurrence = {
  name: 'engagement.retention',
  everyMs: 24 * 60 * 60 * 1000,
  first: 'current-slot',
};

export function engagementJobs(deps: Pick<Adapters, 'db' | 'clock' | 'queue' | 'config' | 'mail'>) {
  return {
    // Keyed by the alert: a retry after a send that failed sends it once, and after one that succeeded not again
    // (the message's dedupe key in the outbox).
    alertEmail: defineJob('engagement.alert-email', async ({ alertId }) => {
      await sendAlertEmail(deps, alertId);
    }),
    retention: defineRecurringJob(deps.queue, engagementRetention, async () => {
      await applyRetention(deps);
    }),
  };
}
