import type { App } from '../app';
import type { Adapters } from '../platform/adapters';
import { FsBlobStore } from '../platform/blobs/fs-blob-store';
import { blobRoutes } from './blobs/blobs.routes';
import { healthRoutes } from './health/health.routes';
import { createIdentity } from './identity/identity.module';
import { webConfigRoutes } from './web-config/web-config.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { playersModule } from './players/players.module';
import { statisticsModule } from './statistics/statistics.module';
import { accountModule } from './account/account.module';
import { shootingsModule } from './shootings/shootings.module';
import { productRoutes } from './products/products.routes';
import { stampRoutes } from './stamps/stamps.routes';
import { imageJobs } from './images/images.jobs';
import { imageRoutes } from './images/images.routes';
import { visionRoutes } from './vision/vision.routes';
import { editingJobs } from './editing/editing.jobs';
import { editingRoutes } from './editing/editing.routes';
import { inspectionAndReportRoutes } from './reports/reports.module';

/** Registers every module's routes. Each module adds one line here. */
export async function registerModules(app: App, adapters: Adapters, opts: { workerReady: () => boolean; webDist?: string }): Promise<void> {
  const { auth, register: identityRoutes } = await createIdentity(adapters);
  await identityRoutes(app);
  await healthRoutes(app, { workerReady: opts.workerReady });
  await webConfigRoutes(app, { config: adapters.config });
  if (adapters.blobs instanceof FsBlobStore) await blobRoutes(app, { blobs: adapters.blobs });
  await playersModule(app, adapters, auth, { webDist: opts.webDist });
  await notificationRoutes(app, adapters, auth);
  await statisticsModule.routes(app, { adapters, auth });
  await accountModule.routes(app, { adapters, auth });
  await shootingsModule(app, adapters, auth);
  await productRoutes(app, { adapters, auth });
  await stampRoutes(app, { adapters, auth });
  await imageRoutes(app, { adapters, auth, jobs: imageJobs(adapters) });
  await visionRoutes(app, { adapters, auth });
  await editingRoutes(app, { adapters, auth, jobs: editingJobs(adapters) });
  await inspectionAndReportRoutes(app, adapters, auth);
}
