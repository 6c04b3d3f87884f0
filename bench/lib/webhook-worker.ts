// A worker process of its own for `npm run bench -- webhooks`: runs webhooks.deliver on the DATA_DIR it is given,
// so that the benchmark can SIGKILL it mid-delivery and start another.
import { loadConfig } from '../../apps/server/src/config';
import { webhooksJobs } from '../../apps/server/src/modules/webhooks/webhooks.jobs';
import { createAdapters } from '../../apps/server/src/platform/adapters';
import { SqlWorker } from '../../apps/server/src/platform/queue/sql-worker';

const adapters = await createAdapters(
  loadConfig({ DATA_DIR: process.argv[2]!, LOG_LEVEL: 'silent', DEMO_SEED: 'false', WEBHOOKS_ALLOW_PRIVATE: 'true' }),
);
const worker = new SqlWorker(adapters.queue, Object.values(webhooksJobs(adapters)), {
  concurrency: Number(process.argv[3] ?? 8),
});
worker.start();
process.send?.('ready');
