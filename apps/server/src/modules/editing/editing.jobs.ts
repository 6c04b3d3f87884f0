import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { coverPlates, cropVehicle, EDIT_MAX_ATTEMPTS } from './edit-run.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids'>;

const EditPayload = z.object({ editId: z.string() });

/**
 * The editing jobs, one per edit, keyed by its id: `editing.cover` and `editing.crop` (edit-run.service.ts
 * says what each does). A finished edit is never redone; files are keyed by the edit, so a retry
 * overwrites its own files only.
 */
export function editingJobs(deps: Deps) {
  return {
    cover: defineJob({ name: 'editing.cover', schema: EditPayload, maxAttempts: EDIT_MAX_ATTEMPTS, handler: ({ editId }, ctx) => coverPlates(deps, editId, ctx) }),
    crop: defineJob({ name: 'editing.crop', schema: EditPayload, maxAttempts: EDIT_MAX_ATTEMPTS, handler: ({ editId }, ctx) => cropVehicle(deps, editId, ctx) }),
  };
}

export type EditingJobs = ReturnType<typeof editingJobs>;
