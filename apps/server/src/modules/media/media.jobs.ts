import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import { defineJob } from '../../platform/queue/queue';
import { assembleShooting, prepareGroup, type AssemblyDeps } from './assembly.service';

/** The key of a shooting's assembly: one per shooting, configuration version and vehicle video. */
export const assemblyKey = (shootingId: string, version: number, videoId: string) => `media.assemble:${shootingId}:${version}:${videoId}`;

/**
 * `media.prepare` (a configuration version: house copies, then the group's assemblies) and
 * `media.assemble` (one shooting at one version). Both are idempotent: outputs are keyed by what they
 * are made from, and a version that is no longer current does nothing.
 */
export function mediaJobs(adapters: Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'queue'>) {
  const deps: AssemblyDeps = adapters;
  const assemble = defineJob({
    name: 'media.assemble',
    schema: z.object({ shootingId: z.string(), version: z.number().int().nonnegative() }),
    async handler(p, { signal }) {
      await assembleShooting(deps, p, signal);
    },
  });
  const prepare = defineJob({
    name: 'media.prepare',
    schema: z.object({ groupId: z.string(), version: z.number().int().nonnegative() }),
    async handler(p, { signal }) {
      await prepareGroup(
        deps,
        p,
        async (targets) => {
          for (const t of targets) {
            await adapters.queue.enqueue(assemble, { shootingId: t.shootingId, version: p.version }, { key: assemblyKey(t.shootingId, p.version, t.videoId) });
          }
        },
        signal,
      );
    },
  });
  return { prepare, assemble };
}

export type MediaJobs = ReturnType<typeof mediaJobs>;
