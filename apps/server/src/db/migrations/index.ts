import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-initial';
import * as m0002 from './0002-identity';
import * as m0003 from './0003-shootings';
import * as m0004 from './0004-image-pipeline';
import * as m0005 from './0005-image-edits';
import * as m0006 from './0006-players';
import * as m0007 from './0007-inspections';
import * as m0008 from './0008-shooting-month-counts';
import * as m0009 from './0009-shooting-list-cover';
import * as m0010 from './0010-data-versions';
import * as m0012 from './0012-live-rooms';
import * as m0013 from './0013-media';
import * as m0015 from './0015-stamp-floor-level';
import * as m0016 from './0016-statistics-periods';
import * as m0017 from './0017-rate-limits';
import * as m0021 from './0021-vehicle-timeline';
import * as m0022 from './0022-damage-spots';
import * as m0026 from './0026-live-members';
import * as m0027 from './0027-live-recordings';
import * as m0028 from './0028-live-lobby';
import * as m0033 from './0033-deferred-list-versions';
import * as m0034 from './0034-cover-per-statement';
import * as m0035 from './0035-jobs-waiting-index';
import * as m0040 from './0040-audit-log';
import * as m0041 from './0041-setup-codes';
import * as m0042 from './0042-stamp-versions';
import * as m0043 from './0043-dms-per-group';
import * as m0044 from './0044-user-board';
import * as m0046 from './0046-domain-rules';
import * as m0047 from './0047-shooting-framings';
import * as m0049 from './0049-outbox-sends';
import * as m0050 from './0050-scim-tokens';
import * as m0051 from './0051-registration-search';
import * as m0052 from './0052-share-recipients';
import * as m0053 from './0053-engagement-visits';
import * as m0054 from './0054-engagement-alerts';
import * as m0055 from './0055-api-keys';
import * as m0056 from './0056-webhooks';
import * as m0058 from './0058-marketplace-profiles';
import * as m0059 from './0059-picture-angles';
import * as m0060 from './0060-registration-grams';
import * as m0062 from './0062-live-room-end';
import * as m0063 from './0063-webhook-lanes';
import * as m0065 from './0065-outbox-dedupe';

/** Migrations in order. Each module that needs tables adds its file here; names sort by prefix. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-identity': m0002,
  '0003-shootings': m0003,
  '0004-image-pipeline': m0004,
  '0005-image-edits': m0005,
  '0006-players': m0006,
  '0007-inspections': m0007,
  '0008-shooting-month-counts': m0008,
  '0009-shooting-list-cover': m0009,
  '0010-data-versions': m0010,
  '0012-live-rooms': m0012,
  '0013-media': m0013,
  '0015-stamp-floor-level': m0015,
  '0016-statistics-periods': m0016,
  '0017-rate-limits': m0017,
  '0021-vehicle-timeline': m0021,
  '0022-damage-spots': m0022,
  '0026-live-members': m0026,
  '0027-live-recordings': m0027,
  '0028-live-lobby': m0028,
  '0033-deferred-list-versions': m0033,
  '0034-cover-per-statement': m0034,
  '0035-jobs-waiting-index': m0035,
  '0040-audit-log': m0040,
  '0041-setup-codes': m0041,
  '0042-stamp-versions': m0042,
  '0043-dms-per-group': m0043,
  '0044-user-board': m0044,
  '0046-domain-rules': m0046,
  '0047-shooting-framings': m0047,
  '0049-outbox-sends': m0049,
  '0050-scim-tokens': m0050,
  '0051-registration-search': m0051,
  '0052-share-recipients': m0052,
  '0053-engagement-visits': m0053,
  '0054-engagement-alerts': m0054,
  '0055-api-keys': m0055,
  '0056-webhooks': m0056,
  '0058-marketplace-profiles': m0058,
  '0059-picture-angles': m0059,
  '0060-registration-grams': m0060,
  '0062-live-room-end': m0062,
  '0063-webhook-lanes': m0063,
  '0065-outbox-dedupe': m0065,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
