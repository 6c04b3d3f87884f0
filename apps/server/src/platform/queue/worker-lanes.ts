import type { JobRegistry } from './job-registry';
import type { JobDefinition, Worker } from './queue';
import type { SqlQueue } from './sql-queue';
import { SqlWorker, type SqlWorkerOptions } from './sql-worker';

export interface LaneOptions extends SqlWorkerOptions {
  /** Jobs of the media lane (video normalisation and assembly) run at the same time, beside `concurrency`. */
  mediaConcurrency: number;
}

/**
 * The process's worker: one SqlWorker per lane over the same queue. Jobs of the main lane (pictures,
 * reports, mail) keep all `concurrency` slots whatever the media lane runs: two long video jobs once
 * took both slots and a one-picture stamping waited minutes behind them.
 */
export function createLanedWorker<R extends JobRegistry>(
  queue: SqlQueue<R>,
  definitions: JobDefinition[],
  options: LaneOptions,
): Worker {
  const { mediaConcurrency, ...common } = options;
  const media = definitions.filter((d) => d.lane === 'media');
  const main = definitions.filter((d) => d.lane !== 'media');
  const workers = [
    new SqlWorker(queue, main, common),
    ...(media.length > 0
      ? [new SqlWorker(queue, media, { ...common, concurrency: mediaConcurrency, batchSize: 1 })]
      : []),
  ];
  return {
    start: () => workers.forEach((w) => w.start()),
    stop: async (graceMs) => void (await Promise.all(workers.map((w) => w.stop(graceMs)))),
    get polling() {
      return workers.every((w) => w.polling);
    },
  };
}
