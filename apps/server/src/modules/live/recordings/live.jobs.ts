import { z } from 'zod';
import type { Adapters } from '../../../platform/adapters';
import { defineJob } from '../../../platform/queue/queue';
import { composeRecording } from './recording-compose.service';

const COMPOSE_ATTEMPTS = 3;

/** The key of a recording's composition: one job per recording. */
export const composeKey = (recordingId: string) => `live.compose-recording:${recordingId}`;

/** `live.compose-recording`: a stopped recording of an SFU call into one MP4 (recording-compose.service.ts). */
export function liveJobs(adapters: Pick<Adapters, 'db' | 'blobs' | 'config'>) {
  const compose = defineJob({
    name: 'live.compose-recording',
    // Minutes of ffmpeg: in the media lane, beside the picture pipeline's slots.
    lane: 'media',
    schema: z.object({ recordingId: z.string().min(1).max(64) }),
    maxAttempts: COMPOSE_ATTEMPTS,
    async handler({ recordingId }, { attempt, signal }) {
      await composeRecording(adapters, recordingId, { finalAttempt: attempt >= COMPOSE_ATTEMPTS, signal });
    },
  });
  return { compose };
}

export type LiveJobs = ReturnType<typeof liveJobs>;
