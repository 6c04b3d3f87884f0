import type { Adapters } from '../../platform/adapters';
import { defineRecurringJob, type Recurrence } from '../../platform/queue/recurring';
import { applyRetention } from './beacon.service';

/** `engagement.retention`, once a day: visits past ENGAGEMENT_RETENTION_DAYS go, with their angles and moments. */
export const engagementRetention: Recurrence = {
  name: 'engagement.retention',
  everyMs: 24 * 60 * 60 * 1000,
  first: 'current-slot',
};

export function engagementJobs(deps: Pick<Adapters, 'db' | 'clock' | 'queue' | 'config'>) {
  return {
    retention: defineRecurringJob(deps.queue, engagementRetention, async () => {
      await applyRetention(deps);
    }),
  };
}
