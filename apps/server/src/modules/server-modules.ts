import { accountModule } from './account/account.module';
import { apiKeysModule } from './api-keys/api-keys.module';
import { auditModule } from './audit/audit.module';
import { blobsModule } from './blobs/blobs.module';
import { editingModule } from './editing/editing.module';
import { engagementModule } from './engagement/engagement.module';
import { federationModule } from './federation/federation.module';
import { healthModule } from './health/health.module';
import { identityModule } from './identity/identity.module';
import { imagesModule } from './images/images.module';
import { inspectionsModule } from './inspections/inspections.module';
import { liveModule } from './live/live.module';
import { marketplacesModule } from './marketplaces/marketplaces.module';
import { mediaModule } from './media/media.module';
import { metricsModule } from './metrics/metrics.module';
import type { ServerModule } from './module';
import { notificationsModule } from './notifications/notifications.module';
import { playersModule } from './players/players.module';
import { productsModule } from './products/products.module';
import { recipientsModule } from './recipients/recipients.module';
import { reportsModule } from './reports/reports.module';
import { scimModule } from './scim/scim.module';
import { setupModule } from './setup/setup.module';
import { settingsModule } from './settings/settings.module';
import { shootingsModule } from './shootings/shootings.module';
import { stampsModule } from './stamps/stamps.module';
import { statisticsModule } from './statistics/statistics.module';
import { usersModule } from './users/users.module';
import { vehiclesModule } from './vehicles/vehicles.module';
import { visionModule } from './vision/vision.module';
import { webConfigModule } from './web-config/web-config.module';
import { webhooksModule } from './webhooks/webhooks.module';

/**
 * Every server module, in the order their routes are registered. A new module adds one line here; the
 * HTTP side (index.ts) and the worker (jobs.ts) both loop over this list.
 */
export const serverModules: readonly ServerModule[] = [
  identityModule,
  healthModule,
  metricsModule,
  webConfigModule,
  blobsModule,
  playersModule,
  notificationsModule,
  statisticsModule,
  accountModule,
  usersModule,
  shootingsModule,
  productsModule,
  stampsModule,
  imagesModule,
  visionModule,
  editingModule,
  inspectionsModule,
  reportsModule,
  liveModule,
  mediaModule,
  vehiclesModule,
  auditModule,
  setupModule,
  settingsModule,
  scimModule,
  federationModule,
  recipientsModule,
  engagementModule,
  apiKeysModule,
  webhooksModule,
  marketplacesModule,
];
