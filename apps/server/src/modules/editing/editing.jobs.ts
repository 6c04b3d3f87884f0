import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { EDIT_MAX_ATTEMPTS, runCoverEdit, runCropEdit } from './edit-run.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids'>;

const EditPayload = z.object({ editId: z.string() });

/**
 * The editing jobs, one per edit and keyed by its id: `editing.cover` (a licence-plate cover) and
 * `editing.crop` (a cropping). What each does, and how a retry stays harmless, is in edit-run.service.ts.
 */
export function editingJobs(deps: Deps) {
  const cover = defineJob({
    name: 'editing.cover',
    schema: EditPayload,
    maxAttempts: EDIT_MAX_ATTEMPTS,
    handler: ({ editId }, ctx) => runCoverEdit(deps, editId, ctx.attempt),
  });

  const crop = defineJob({
    name: 'editing.crop',
    schema: EditPayload,
    maxAttempts: EDIT_MAX_ATTEMPTS,
    handler: ({ editId }, ctx) => runCropEdit(deps, editId, ctx.attempt),
  });

  return { cover, crop };
}

export type EditingJobs = ReturnType<typeof editingJobs>;
