import type { DmsDelivery, DmsSettingsInput, GroupDms } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { createGroupDms, dmsTargetOf } from '../../platform/dms/create-dms';
import type { DmsAdapter, DmsVehicle } from '../../platform/dms/dms';
import { webhookTargetProblem } from '../../platform/dms/webhook-target';
import { badRequest } from '../../platform/errors';
import { withAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import {
  deleteDmsSettings,
  findDmsSettings,
  insertDelivery,
  listDeliveries,
  saveDmsSettings,
  type DeliveryValues,
  type DmsSettingsRow,
} from './dms.repo';
import { settingsGroup } from './groups.service';
import { findStockGroup, listGroupStocks } from './stocks.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'config' | 'dms'>;

const LAST_DELIVERIES = 20;

interface GroupDmsDriver {
  adapter: DmsAdapter;
  driver: 'folder' | 'webhook';
  target: string;
  /** The group's own webhook, whose address is checked again before each delivery. */
  ownWebhook: string | null;
}

/** The DMS a group delivers to: its own (settings) or, without one, the deployment's DMS_DRIVER. */
async function groupDriver(deps: Deps, groupId: string): Promise<GroupDmsDriver> {
  const own = await findDmsSettings(deps.db, groupId);
  const now = () => deps.clock.now();
  if (own?.driver === 'webhook' && own.webhookUrl && own.webhookSecret) {
    const settings = { driver: 'webhook' as const, url: own.webhookUrl, secret: own.webhookSecret };
    return {
      adapter: createGroupDms(deps.config, now, settings),
      driver: 'webhook',
      target: own.webhookUrl,
      ownWebhook: own.webhookUrl,
    };
  }
  if (own?.driver === 'folder') {
    return {
      adapter: createGroupDms(deps.config, now, { driver: 'folder' }),
      driver: 'folder',
      target: dmsTargetOf(deps.config, { driver: 'folder' }),
      ownWebhook: null,
    };
  }
  const driver = deps.dms.driver;
  const target =
    driver === 'webhook' ? (deps.config.DMS_WEBHOOK_URL ?? '') : dmsTargetOf(deps.config, { driver: 'folder' });
  return { adapter: deps.dms, driver, target, ownWebhook: null };
}

const toDelivery = (d: DeliveryValues): DmsDelivery => ({
  id: d.id,
  kind: d.kind,
  shootingId: d.shootingId,
  driver: d.driver,
  target: d.target,
  status: d.status,
  error: d.error,
  durationMs: d.durationMs,
  createdAt: d.createdAt,
});

/**
 * Delivers a vehicle to its group's DMS and records the delivery (OK or FAILED, with the error). A failure
 * is thrown again after it is recorded, so a job retries it.
 */
async function deliver(
  deps: Deps,
  groupId: string,
  vehicle: DmsVehicle,
  opts: { kind: 'push' | 'test'; idempotencyKey: string; signal?: AbortSignal },
): Promise<DeliveryValues> {
  const d = await groupDriver(deps, groupId);
  const started = Date.now();
  let error: string | null = null;
  try {
    const problem = d.ownWebhook && (await webhookTargetProblem(d.ownWebhook, deps.config.DMS_ALLOW_PRIVATE_WEBHOOKS));
    if (problem) throw new Error(`The webhook URL ${problem}`);
    await d.adapter.push(vehicle, {
      idempotencyKey: opts.idempotencyKey,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    error = ((err as Error).message || String(err)).slice(0, 500);
  }
  const delivery: DeliveryValues = {
    id: deps.ids.uuid(),
    groupId,
    shootingId: opts.kind === 'push' ? vehicle.shootingId : null,
    kind: opts.kind,
    driver: d.driver,
    target: d.target,
    status: error ? 'FAILED' : 'OK',
    error,
    durationMs: Date.now() - started,
    createdAt: deps.clock.now().toISOString(),
  };
  await insertDelivery(deps.db, delivery);
  if (error && opts.kind === 'push') throw new Error(error);
  return delivery;
}

/** Where a group's pushes go now: its own DMS settings, else the deployment's driver. */
export async function groupDmsDriverName(deps: Deps, groupId: string): Promise<'folder' | 'webhook'> {
  return (await groupDriver(deps, groupId)).driver;
}

/** `shootings.push-dms`: a shooting's vehicle to the DMS of its stock's group, recorded in the group's deliveries. */
export async function pushToGroupDms(
  deps: Deps,
  vehicle: DmsVehicle,
  opts: { idempotencyKey: string; signal?: AbortSignal },
): Promise<void> {
  const groupId = await findStockGroup(deps.db, vehicle.ownerId);
  if (!groupId) throw new Error(`Stock ${vehicle.ownerId} has no dealer group`);
  await deliver(deps, groupId, vehicle, { kind: 'push', ...opts });
}

async function groupDms(deps: Deps, groupId: string, own: DmsSettingsRow | null): Promise<GroupDms> {
  const d = await groupDriver(deps, groupId);
  return {
    driver: own?.driver ?? 'default',
    effectiveDriver: d.driver,
    target: d.target,
    url: own?.webhookUrl ?? null,
    hasSecret: Boolean(own?.webhookSecret),
    deliveries: (await listDeliveries(deps.db, groupId, LAST_DELIVERIES)).map(toDelivery),
  };
}

export async function getGroupDms(deps: Deps, user: UserContext, groupId: string): Promise<GroupDms> {
  await settingsGroup(deps, user, groupId);
  return groupDms(deps, groupId, await findDmsSettings(deps.db, groupId));
}

const audited = (s: DmsSettingsRow | null) =>
  s ? { driver: s.driver, url: s.webhookUrl, hasSecret: Boolean(s.webhookSecret) } : { driver: 'default' };

/**
 * Sets a group's DMS. A webhook needs an http(s) URL that does not point to a private or loopback address
 * (unless DMS_ALLOW_PRIVATE_WEBHOOKS) and a secret of at least 16 characters, kept when omitted.
 */
export async function setGroupDms(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: DmsSettingsInput,
  audit: AuditContext,
): Promise<GroupDms> {
  await settingsGroup(deps, user, groupId);
  const before = await findDmsSettings(deps.db, groupId);
  let after: DmsSettingsRow | null = null;
  if (input.driver === 'webhook') {
    const problem = await webhookTargetProblem(input.url, deps.config.DMS_ALLOW_PRIVATE_WEBHOOKS);
    if (problem) throw badRequest(`The webhook URL ${problem}`, { field: 'url' });
    const secret = input.secret ?? (before?.driver === 'webhook' ? before.webhookSecret : null);
    if (!secret) throw badRequest('A webhook needs a secret of at least 16 characters', { field: 'secret' });
    after = { groupId, driver: 'webhook', webhookUrl: input.url, webhookSecret: secret };
  } else if (input.driver === 'folder') {
    after = { groupId, driver: 'folder', webhookUrl: null, webhookSecret: null };
  }
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: 'dms.update',
      target: { type: 'group', id: groupId },
      before: audited(before),
      after: { ...audited(after), secretChanged: Boolean(input.driver === 'webhook' && input.secret) },
    },
    async (trx) => {
      if (after) await saveDmsSettings(trx, after, deps.clock.now().toISOString());
      else await deleteDmsSettings(trx, groupId);
    },
  );
  return groupDms(deps, groupId, after);
}

/** "Send a test": a test vehicle without pictures, really delivered to the group's DMS, and its outcome. */
export async function testGroupDms(deps: Deps, user: UserContext, groupId: string): Promise<DmsDelivery> {
  const group = await settingsGroup(deps, user, groupId);
  const [stock] = await listGroupStocks(deps.db, groupId);
  const id = deps.ids.uuid();
  const vehicle: DmsVehicle = {
    shootingId: `test-${id}`,
    ownerId: stock?.id ?? `test-${groupId}`,
    ownerName: stock?.name ?? group.name,
    productId: `test-${id}`,
    registration: 'FORECOURT-TEST',
    vin: 'FORECOURTTEST0000',
    brand: null,
    model: null,
    shootingType: 'TEST',
    created: deps.clock.now().toISOString(),
    images: [],
  };
  return toDelivery(await deliver(deps, groupId, vehicle, { kind: 'test', idempotencyKey: `dms-test-${id}` }));
}
