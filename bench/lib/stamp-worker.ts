// The image pipeline's worker alone, as `--role=worker` runs it but with only the image jobs registered,
// so that the stamp benchmark measures (and its RSS figure counts) the pipeline and nothing else.
import { loadConfig } from '../../apps/server/src/config';
import { imageJobs } from '../../apps/server/src/modules/images/images.jobs';
import { createAdapters } from '../../apps/server/src/platform/adapters';
import { SqlWorker } from '../../apps/server/src/platform/queue/sql-worker';

const config = loadConfig();
const adapters = await createAdapters(config);
const worker = new SqlWorker(adapters.queue, Object.values(imageJobs(adapters)), {
  concurrency: config.WORKER_CONCURRENCY,
});
worker.start();
console.log('stamp worker polling');
process.on('SIGTERM', () => {
  void worker
    .stop(5000)
    .then(() => adapters.close())
    .then(() => process.exit(0));
});
