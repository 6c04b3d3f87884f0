import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { FrameVariants } from './frame-variants';
import { prepareFrames } from './players.service';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock'>;

/** `players.prepare-frames`, keyed by the reference and its frames' versions (see `prepareFrames`). */
export function playersJobs(deps: Deps) {
  // Each variant is made once here, never served: nothing is kept in memory.
  const variants = new FrameVariants(deps, 0);
  return {
    prepareFrames: defineJob('players.prepare-frames', ({ ref }, { signal }) =>
      prepareFrames({ db: deps.db, variants }, ref, signal),
    ),
  };
}
