import { ReportKind, ReportLocale } from '@forecourt/contracts';
import { z } from 'zod';

/** What the queue knows of a job before any handler is loaded: its payload's schema and its attempts. */
export interface JobSpec<S extends z.ZodType = z.ZodType> {
  payload: S;
  /** Attempts before the job is dead; the queue's JOB_MAX_ATTEMPTS when absent. */
  maxAttempts?: number;
  /**
   * The worker lane that runs it (worker-lanes.ts): long media work has slots of its own, so it can
   * never hold every slot the picture pipeline needs. Unset: the main lane.
   */
  lane?: 'media';
}

export type JobRegistry = Record<string, JobSpec>;

const spec = <S extends z.ZodType, const O extends Omit<JobSpec, 'payload'> = object>(payload: S, opts?: O) => ({
  payload,
  ...(opts as O),
});

/** The payload of a recurring job (recurring.ts): the time slot it runs for. */
export const SlotPayload = z.object({ slot: z.number().int() });
const RunPayload = z.object({ runId: z.string() });
const EditPayload = z.object({ editId: z.string() });

/**
 * Every job the server queues, by name. A service queues a job by its name and a payload typed from here
 * (`queue.enqueue('players.prepare-frames', { ref }, …)`), and never imports the module that runs it; the
 * handlers are defined in each module's `*.jobs.ts` (`defineJob(name, handler)`) and run by the worker.
 * The payloads are checked against these schemas when queued and again when run.
 */
export const jobRegistry = {
  'blobs.collect-garbage': spec(SlotPayload),
  'editing.cover': spec(EditPayload, { maxAttempts: 3 }),
  'editing.crop': spec(EditPayload, { maxAttempts: 3 }),
  'engagement.alert-email': spec(z.object({ alertId: z.string() }), { maxAttempts: 3 }),
  'engagement.retention': spec(SlotPayload),
  'images.stamp': spec(z.object({ runId: z.string(), sourceImageId: z.string() })),
  'images.verify': spec(RunPayload),
  'images.publish': spec(RunPayload),
  // Minutes of ffmpeg: in the media lane, beside the picture pipeline's slots.
  'live.compose-recording': spec(z.object({ recordingId: z.string().min(1).max(64) }), {
    maxAttempts: 3,
    lane: 'media',
  }),
  // Queued when a stamping publishes and when readiness finds pictures without an angle (decision 0056).
  'marketplaces.recognise-angles': spec(z.object({ shootingId: z.string() }), { maxAttempts: 3 }),
  // A marketplace export pushed to the DMS of the shooting's group (a push replaces the earlier one: retries are safe).
  'marketplaces.push-dms': spec(z.object({ shootingId: z.string(), profileId: z.string() }), { maxAttempts: 6 }),
  'media.prepare': spec(z.object({ groupId: z.string(), version: z.number().int().nonnegative() }), { lane: 'media' }),
  'media.assemble': spec(z.object({ shootingId: z.string(), version: z.number().int().nonnegative() }), {
    lane: 'media',
  }),
  'media.sweep-uploads': spec(SlotPayload),
  'players.prepare-frames': spec(z.object({ ref: z.string() })),
  // Queued by inspections after a change to a shooting's data: each report already generated for it is refreshed.
  'reports.refresh-shooting': spec(z.object({ shootingId: z.string() })),
  'reports.refresh': spec(z.object({ shootingId: z.string(), kind: ReportKind, locale: ReportLocale })),
  'reports.retire-rendering': spec(z.object({ blobKey: z.string().startsWith('shootings/') })),
  'shootings.purge-blobs': spec(
    z.object({
      keys: z.array(z.string()),
      /** Folders (ending with '/') removed whole, for files no row pointed at. */
      prefixes: z.array(z.string().regex(/\/$/)),
    }),
  ),
  'shootings.push-dms': spec(z.object({ shootingId: z.string() }), { maxAttempts: 6 }),
  // Drains an endpoint's lane (its shootings each in order); a receiver's failures are the delivery's own retries
  // (24 h), not the job's. Jobs queued before the lanes carried a streamKey too: it is ignored.
  'webhooks.deliver': spec(z.object({ endpointId: z.string() })),
  'webhooks.prune': spec(SlotPayload),
} satisfies JobRegistry;

export type Jobs = typeof jobRegistry;
export type JobName = keyof Jobs;
export type JobPayload<N extends JobName> = z.infer<Jobs[N]['payload']>;
