import { FRAME_WIDTHS } from '@forecourt/contracts';
import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { FrameVariants } from './frame-variants';
import { PROCESSING_STATUSES, splitMedia } from './player-media';
import * as repo from './players.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock'>;

/**
 * `players.prepare-frames`: the WebP variants of a player's spin frames at every width, made when its
 * reference is given out, so a visitor's first view never waits for a resize. Each variant is made only
 * when the image_variants table does not have it yet, so a retry or a second job redoes nothing; JPEG
 * (for browsers without WebP) and a later replaced image are still made on demand.
 */
export function playersJobs(deps: Deps) {
  const variants = new FrameVariants(deps);
  return {
    prepareFrames: defineJob({
      name: 'players.prepare-frames',
      schema: z.object({ ref: z.string() }),
      async handler({ ref }, { signal }) {
        const source = await repo.findPlayerSource(deps.db, ref);
        if (!source || PROCESSING_STATUSES.has(source.remarketingStatus) || source.shootingType === 'VIDEO') return;
        const { frames } = splitMedia(await repo.listImages(deps.db, source.shootingId));
        // Frame by frame, widths in turn: one resize at a time, the worker's other jobs keep their share.
        for (const image of frames) {
          for (const width of FRAME_WIDTHS) {
            // A stopping worker gets the job back at its next start; what is made stays made.
            if (signal.aborted) throw new Error('The worker is stopping; the other variants are made at the next run');
            await variants.get(image, width, 'webp');
          }
        }
      },
    }),
  };
}

export type PlayersJobs = ReturnType<typeof playersJobs>;
