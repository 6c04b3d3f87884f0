import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { runCoverEdit, runCropEdit } from './edit-run.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'queue'>;

/**
 * The editing jobs, one per edit and keyed by its id: `editing.cover` (a licence-plate cover) and
 * `editing.crop` (a cropping). What each does, and how a retry stays harmless, is in edit-run.service.ts.
 */
export function editingJobs(deps: Deps) {
  const cover = defineJob('editing.cover', ({ editId }, ctx) => runCoverEdit(deps, editId, ctx.attempt));
  const crop = defineJob('editing.crop', ({ editId }, ctx) => runCropEdit(deps, editId, ctx.attempt));
  return { cover, crop };
}
