import { z } from 'zod';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { defineJob } from '../../platform/queue/queue';

/**
 * How long a replaced rendering is kept past the longest-lived link to it: a download started just before
 * its link expired still has time to finish.
 */
export const RETIRE_MARGIN_MS = 5 * 60 * 1000;

const RetirePayload = z.object({ blobKey: z.string().startsWith('shootings/') });

/**
 * `reports.retire-rendering`: deletes the file of a rendering that a newer one replaced, queued in the
 * transaction that replaced it and due once every link handed out for it has expired. Deleting a file
 * already gone is a no-op, so a retry or a second run changes nothing.
 */
export const retireRenderingJob = (deps: { blobs: BlobStore }) =>
  defineJob({
    name: 'reports.retire-rendering',
    schema: RetirePayload,
    handler: ({ blobKey }) => deps.blobs.delete(blobKey),
  });
