import path from 'node:path';
import type { Config } from '../../config';
import type { DmsAdapter } from './dms';
import { FolderDms } from './folder-dms';
import { WebhookDms } from './webhook-dms';

/** The DMS driver chosen by DMS_DRIVER; config validation guarantees the webhook settings are present. */
export const createDms = (config: Config, now: () => Date): DmsAdapter =>
  config.DMS_DRIVER === 'webhook'
    ? new WebhookDms(config.DMS_WEBHOOK_URL!, config.DMS_WEBHOOK_SECRET!, now)
    : new FolderDms(path.join(config.DATA_DIR, 'dms-exports'));
