import sharp from 'sharp';
import { ContactInformation, type ImageUpload, type SettingsStock, type StockInput } from '@forecourt/contracts';
import { z } from 'zod';
import type { Adapters } from '../../platform/adapters';
import type { Db, Executor } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import { withAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import { settingsGroup } from './groups.service';
import { checkedImage } from './image-upload';
import {
  findGroupStock,
  findStockGroup,
  insertStock,
  listGroupStockIds,
  listGroupStocks,
  setStockImage,
  updateStock,
  type StockRow,
} from './stocks.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'config'>;

const contactsOf = (text: string) => {
  const parsed = z.array(ContactInformation).safeParse(JSON.parse(text || '[]'));
  return parsed.success ? parsed.data : [];
};
const presign = (deps: Deps, key: string | null) =>
  key ? deps.blobs.presignGet(key, { expiresInSeconds: deps.config.PRESIGN_GET_TTL_SECONDS }) : Promise.resolve(null);

async function toStock(deps: Deps, s: StockRow): Promise<SettingsStock> {
  return {
    id: s.id,
    groupId: s.groupId,
    name: s.name,
    label: s.label,
    contactInformation: contactsOf(s.contactInformation),
    contactPhone: s.contactPhone,
    logoUrl: await presign(deps, s.logoKey),
    plateCoverUrl: await presign(deps, s.plateCoverKey),
    createdAt: s.createdAt,
  };
}
const audited = (s: Pick<StockRow, 'name' | 'label' | 'contactInformation' | 'contactPhone'>) => ({
  name: s.name,
  label: s.label,
  contactInformation: contactsOf(s.contactInformation),
  contactPhone: s.contactPhone,
});

async function groupStock(deps: Deps, user: UserContext, groupId: string, ownerId: string): Promise<StockRow> {
  await settingsGroup(deps, user, groupId);
  const stock = await findGroupStock(deps.db, groupId, ownerId);
  if (!stock) throw notFound('Stock');
  return stock;
}

export async function listSettingsStocks(deps: Deps, user: UserContext, groupId: string): Promise<SettingsStock[]> {
  await settingsGroup(deps, user, groupId);
  return Promise.all((await listGroupStocks(deps.db, groupId)).map((s) => toStock(deps, s)));
}

export async function createSettingsStock(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: StockInput,
  audit: AuditContext,
): Promise<SettingsStock> {
  await settingsGroup(deps, user, groupId);
  const row = {
    id: deps.ids.uuid(),
    groupId,
    name: input.name,
    label: input.label,
    contactInformation: JSON.stringify(input.contactInformation),
    contactPhone: input.contactPhone,
    createdAt: deps.clock.now().toISOString(),
  };
  await withAudit(
    deps,
    { ...audit, groupId, action: 'stock.create', target: { type: 'stock', id: row.id }, after: audited(row) },
    (trx) => insertStock(trx, row),
  );
  return toStock(deps, { ...row, logoKey: null, plateCoverKey: null });
}

export async function updateSettingsStock(
  deps: Deps,
  user: UserContext,
  groupId: string,
  ownerId: string,
  input: StockInput,
  audit: AuditContext,
): Promise<SettingsStock> {
  const before = await groupStock(deps, user, groupId, ownerId);
  const after = {
    name: input.name,
    label: input.label,
    contactInformation: JSON.stringify(input.contactInformation),
    contactPhone: input.contactPhone,
  };
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: 'stock.update',
      target: { type: 'stock', id: ownerId },
      before: audited(before),
      after: audited(after),
    },
    (trx) => updateStock(trx, ownerId, after),
  );
  return toStock(deps, { ...before, ...after });
}

/**
 * Sets a stock's logo (the player's card, the reports, composed stamps) or its plate cover (what the
 * licence-plate cover shows): checked as an image, stored as PNG without metadata under a new key, so a
 * link already given out keeps showing what it showed.
 */
export async function setSettingsStockImage(
  deps: Deps,
  user: UserContext,
  groupId: string,
  ownerId: string,
  image: 'logo' | 'plate-cover',
  upload: ImageUpload,
  audit: AuditContext,
): Promise<SettingsStock> {
  const before = await groupStock(deps, user, groupId, ownerId);
  const checked = await checkedImage(upload, ['png', 'jpeg', 'webp']);
  const png = await sharp(checked.bytes).autoOrient().png().toBuffer();
  const key = `owners/${ownerId}/${image}-${deps.ids.uuid()}.png`;
  await deps.blobs.put(key, png, 'image/png');
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: `stock.${image === 'logo' ? 'logo' : 'plate_cover'}`,
      target: { type: 'stock', id: ownerId },
      before: { key: image === 'logo' ? before.logoKey : before.plateCoverKey },
      after: { key, width: checked.width, height: checked.height },
    },
    (trx) => setStockImage(trx, ownerId, image, key),
  );
  return toStock(deps, image === 'logo' ? { ...before, logoKey: key } : { ...before, plateCoverKey: key });
}

/** The logo of a stock of the group (a composed stamp draws it), or null when the stock is not the group's or has none. */
export async function groupStockLogo(deps: Pick<Adapters, 'db' | 'blobs'>, groupId: string, ownerId: string) {
  const stock = await findGroupStock(deps.db, groupId, ownerId);
  return stock?.logoKey ? deps.blobs.getBuffer(stock.logoKey) : null;
}

/**
 * The ids of the group's stocks, of all or of these only (which of the stocks an API key, a new account or a
 * domain rule names are the group's); in a transaction when given one.
 */
export const groupStockIds = (db: Executor, groupId: string, only?: readonly string[]): Promise<string[]> =>
  listGroupStockIds(db, groupId, only);

/** The group's stocks by name (id and name only), for the screens that let someone choose among them. */
export const groupStockNames = async (db: Db, groupId: string): Promise<Array<{ id: string; name: string }>> =>
  (await listGroupStocks(db, groupId)).map((s) => ({ id: s.id, name: s.name }));

/** The dealer group of a stock (owner), or null when there is none; in a transaction when given one. */
export const groupOfStock = (db: Executor, ownerId: string): Promise<string | null> => findStockGroup(db, ownerId);
