import type { Adapters } from '../../../platform/adapters';
import { jobRegistry } from '../../../platform/queue/job-registry';
import { defineJob } from '../../../platform/queue/queue';
import { composeRecording } from './recording-compose.service';

const COMPOSE_ATTEMPTS = jobRegistry['live.compose-recording'].maxAttempts;

/** `live.compose-recording`: a stopped recording of an SFU call into one MP4 (recording-compose.service.ts). */
export function liveJobs(adapters: Pick<Adapters, 'db' | 'blobs' | 'config' | 'ids' | 'clock' | 'queue'>) {
  const compose = defineJob('live.compose-recording', async ({ recordingId }, { attempt, signal }) => {
    await composeRecording(adapters, recordingId, { finalAttempt: attempt >= COMPOSE_ATTEMPTS, signal });
  });
  return { compose };
}
