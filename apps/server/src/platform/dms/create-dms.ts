import path from 'node:path';
import type { Config } from '../../config';
import type { DmsAdapter } from './dms';
import { FolderDms } from './folder-dms';
import { WebhookDms } from './webhook-dms';

const folderOf = (config: Config) => path.join(config.DATA_DIR, 'dms-exports');

/** The DMS driver chosen by DMS_DRIVER; config validation guarantees the webhook settings are present. */
export const createDms = (config: Config, now: () => Date): DmsAdapter =>
  config.DMS_DRIVER === 'webhook'
    ? new WebhookDms(config.DMS_WEBHOOK_URL!, config.DMS_WEBHOOK_SECRET!, now)
    : new FolderDms(folderOf(config));

/** A dealer group's own DMS (settings): the export folder, or its webhook with its secret. */
export const createGroupDms = (
  config: Config,
  now: () => Date,
  settings: { driver: 'folder' } | { driver: 'webhook'; url: string; secret: string },
): DmsAdapter =>
  settings.driver === 'webhook'
    ? new WebhookDms(settings.url, settings.secret, now, 15_000)
    : new FolderDms(folderOf(config));

/** Where a driver delivers, as the settings show it (never a secret). */
export const dmsTargetOf = (config: Config, settings: { driver: 'folder' } | { driver: 'webhook'; url: string }) =>
  settings.driver === 'webhook' ? settings.url : folderOf(config);
