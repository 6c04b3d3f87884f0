import {
  DEFAULT_FLOOR_LEVEL,
  Format,
  StampDesign,
  type SettingsStamp,
  type StampInput,
  type StampPreview,
  type StampPreviewInput,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { badRequest, notFound } from '../../platform/errors';
import { withAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import { stampImage } from './stamp-render';
import { settingsGroup } from '../settings/groups.service';
import { checkedImage } from '../settings/image-upload';
import { groupStockLogo } from '../settings/stocks.service';
import { samplePicture } from './sample-picture';
import { fitUploadedOverlay, renderBackground, renderDesignOverlay, STAMP_SIZE } from './stamp-overlay';
import {
  findDesignedStamp,
  findGroupPicture,
  insertDesignedStamp,
  insertStampVersion,
  listDesignedStamps,
  listStampVersions,
  recentGroupPictures,
  setCurrentVersion,
  type DesignedStampRow,
  type StampVersionValues,
} from './stamp-versions.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'config'>;
type Size = { width: number; height: number };

/** Each version's blobs have their own keys: an edit never rewrites what an earlier version stamped with. */
const overlayKey = (stampId: string, version: number) => `stamps/${stampId}/v${version}/overlay.png`;
const backgroundKey = (stampId: string, version: number) => `stamps/${stampId}/v${version}/background.jpg`;

const presign = (deps: Deps, key: string) =>
  deps.blobs.presignGet(key, { expiresInSeconds: deps.config.PRESIGN_GET_TTL_SECONDS });
const designOf = (text: string | null) => {
  const parsed = text ? StampDesign.safeParse(JSON.parse(text)) : null;
  return parsed?.success ? parsed.data : null;
};

async function toStamp(deps: Deps, s: DesignedStampRow): Promise<SettingsStamp> {
  return {
    id: s.id,
    name: s.name,
    format: Format.parse(s.format),
    width: s.width,
    height: s.height,
    version: s.version,
    overlayUrl: await presign(deps, s.overlayKey),
    design: designOf(s.design),
    cropping: {
      croppingType: s.croppingType as SettingsStamp['cropping']['croppingType'],
      blurringValue: s.blurringValue,
      backgroundUrl: s.backgroundKey ? await presign(deps, s.backgroundKey) : null,
    },
    updatedAt: s.updatedAt ?? s.createdAt,
  };
}

/** The logo of the group's stock a design names, or 400 when that stock is not the group's or has none. */
async function designLogo(deps: Deps, groupId: string, design: StampDesign): Promise<Buffer | null> {
  if (!design.logo) return null;
  const logo = await groupStockLogo(deps, groupId, design.logo.ownerId);
  if (!logo) throw badRequest('The chosen stock has no logo', { field: 'logo' });
  return logo;
}

/** The overlay PNG of a composed or uploaded source, at the stamp's size. */
async function overlayOf(
  deps: Deps,
  groupId: string,
  source: { kind: 'compose'; design: StampDesign } | { kind: 'upload'; image: { data: string } },
  size: Size,
): Promise<Buffer> {
  if (source.kind === 'compose')
    return renderDesignOverlay(source.design, size, await designLogo(deps, groupId, source.design));
  const png = await checkedImage(source.image, ['png']);
  if (!png.hasAlpha) throw badRequest('The overlay must be a PNG with transparency', { field: 'overlay' });
  return fitUploadedOverlay(png.bytes, size);
}

export async function listSettingsStamps(deps: Deps, user: UserContext, groupId: string): Promise<SettingsStamp[]> {
  await settingsGroup(deps, user, groupId);
  return Promise.all((await listDesignedStamps(deps.db, groupId)).map((s) => toStamp(deps, s)));
}

async function designedStamp(deps: Deps, user: UserContext, groupId: string, stampId: string) {
  await settingsGroup(deps, user, groupId);
  const stamp = await findDesignedStamp(deps.db, groupId, stampId);
  if (!stamp) throw notFound('Stamp');
  return stamp;
}

/** What an audit entry says of a version (its blobs by key, never their bytes). */
const audited = (
  v: Pick<
    StampVersionValues,
    'version' | 'name' | 'overlayKey' | 'design' | 'backgroundKey' | 'croppingType' | 'blurringValue'
  >,
) => ({
  version: v.version,
  name: v.name,
  overlayKey: v.overlayKey,
  design: designOf(v.design),
  backgroundKey: v.backgroundKey,
  croppingType: v.croppingType,
  blurringValue: v.blurringValue,
});

/** The version to write: new blobs stored under the version's keys, kept ones reused. */
async function nextVersion(
  deps: Deps,
  user: UserContext,
  groupId: string,
  stampId: string,
  version: number,
  input: StampInput,
  current: DesignedStampRow | null,
): Promise<StampVersionValues> {
  const size = STAMP_SIZE[input.format];
  let overlay = current?.overlayKey ?? null;
  let design = current?.design ?? null;
  if (input.overlay.kind !== 'keep') {
    const png = await overlayOf(deps, groupId, input.overlay, size);
    overlay = overlayKey(stampId, version);
    await deps.blobs.put(overlay, png, 'image/png');
    design = input.overlay.kind === 'compose' ? JSON.stringify(input.overlay.design) : null;
  }
  if (!overlay) throw badRequest('A new stamp needs an overlay', { field: 'overlay' });
  let background = current?.backgroundKey ?? null;
  const bg = input.cropping.background;
  if (bg.kind === 'none') background = null;
  else if (bg.kind !== 'keep') {
    const source =
      bg.kind === 'colour'
        ? { colour: bg.colour }
        : { image: (await checkedImage(bg.image, ['png', 'jpeg', 'webp'])).bytes };
    background = backgroundKey(stampId, version);
    await deps.blobs.put(background, await renderBackground(source, size), 'image/jpeg');
  }
  return {
    stampId,
    version,
    name: input.name,
    overlayKey: overlay,
    design,
    backgroundKey: background,
    croppingType: input.cropping.croppingType,
    blurringValue: input.cropping.blurringValue,
    createdBy: user.id,
    createdAt: deps.clock.now().toISOString(),
  };
}

/** A new stamp of the group, at version 1. */
export async function createSettingsStamp(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: StampInput,
  audit: AuditContext,
): Promise<SettingsStamp> {
  await settingsGroup(deps, user, groupId);
  const id = deps.ids.uuid();
  const v = await nextVersion(deps, user, groupId, id, 1, input, null);
  const size = STAMP_SIZE[input.format];
  await withAudit(
    deps,
    { ...audit, groupId, action: 'stamp.create', target: { type: 'stamp', id }, after: audited(v) },
    async (trx) => {
      await insertDesignedStamp(trx, {
        id,
        groupId,
        name: v.name,
        format: input.format,
        ...size,
        version: 1,
        overlayKey: v.overlayKey,
        design: v.design,
        croppingType: v.croppingType,
        blurringValue: v.blurringValue,
        backgroundKey: v.backgroundKey,
        floorLevel: DEFAULT_FLOOR_LEVEL,
        createdAt: v.createdAt,
      });
      await insertStampVersion(trx, v);
    },
  );
  return toStamp(deps, (await findDesignedStamp(deps.db, groupId, id))!);
}

/**
 * An edit makes a new version: new shootings and restamps render with it, pictures already stamped keep
 * the rendering they have until they are restamped. The version being replaced is kept in the history
 * first (the demo's stamps start without one). A stamp keeps its format, which its shootings share.
 */
export async function updateSettingsStamp(
  deps: Deps,
  user: UserContext,
  groupId: string,
  stampId: string,
  input: StampInput,
  audit: AuditContext,
): Promise<SettingsStamp> {
  const current = await designedStamp(deps, user, groupId, stampId);
  if (input.format !== current.format) {
    throw badRequest('A stamp keeps its format: create another stamp for the other format', { field: 'format' });
  }
  const previous: StampVersionValues = {
    stampId,
    version: current.version,
    name: current.name,
    overlayKey: current.overlayKey,
    design: current.design,
    backgroundKey: current.backgroundKey,
    croppingType: current.croppingType,
    blurringValue: current.blurringValue,
    createdBy: null,
    createdAt: current.updatedAt ?? current.createdAt,
  };
  const v = await nextVersion(deps, user, groupId, stampId, current.version + 1, input, current);
  await withAudit(
    deps,
    {
      ...audit,
      groupId,
      action: 'stamp.update',
      target: { type: 'stamp', id: stampId },
      before: audited(previous),
      after: audited(v),
    },
    async (trx) => {
      await insertStampVersion(trx, previous);
      const made = await setCurrentVersion(trx, current.version, {
        ...v,
        floorLevel: current.floorLevel ?? DEFAULT_FLOOR_LEVEL,
      });
      if (!made) throw badRequest('The stamp was changed meanwhile: reload it and edit again', { field: 'version' });
      await insertStampVersion(trx, v);
    },
  );
  return toStamp(deps, (await findDesignedStamp(deps.db, groupId, stampId))!);
}

export async function listSettingsStampVersions(deps: Deps, user: UserContext, groupId: string, stampId: string) {
  await designedStamp(deps, user, groupId, stampId);
  const rows = await listStampVersions(deps.db, stampId);
  return Promise.all(
    rows.map(async (r) => ({
      version: r.version,
      name: r.name,
      overlayUrl: await presign(deps, r.overlayKey),
      createdAt: r.createdAt,
      createdBy: r.createdBy,
    })),
  );
}

const PICTURES = 8;

/** The group's recent pictures a preview may be drawn on. */
export async function listGroupPictures(deps: Deps, user: UserContext, groupId: string) {
  await settingsGroup(deps, user, groupId);
  const rows = await recentGroupPictures(deps.db, groupId, PICTURES);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      registration: r.registration,
      thumbnailUrl: await presign(deps, r.thumbnailKey ?? r.blobKey),
    })),
  );
}

/**
 * The preview: the overlay (composed, uploaded or a saved stamp's) drawn on the sample car or on one of
 * the group's pictures by `stampImage`, the renderer of the stamping job, so the preview is what will be
 * stamped. Answered as a JPEG data URL.
 */
export async function previewStamp(
  deps: Deps,
  user: UserContext,
  groupId: string,
  input: StampPreviewInput,
): Promise<StampPreview> {
  await settingsGroup(deps, user, groupId);
  let size: Size = STAMP_SIZE[input.format];
  let overlay: Buffer;
  if (input.overlay.kind === 'stamp') {
    const stamp = await findDesignedStamp(deps.db, groupId, input.overlay.stampId);
    const bytes = stamp && (await deps.blobs.getBuffer(stamp.overlayKey));
    if (!stamp || !bytes) throw notFound('Stamp');
    size = { width: stamp.width, height: stamp.height };
    overlay = bytes;
  } else {
    overlay = await overlayOf(deps, groupId, input.overlay, size);
  }
  let picture: Buffer | null;
  if (input.picture === 'sample') picture = await samplePicture(size.width, size.height);
  else {
    const found = await findGroupPicture(deps.db, groupId, input.picture);
    picture = found ? await deps.blobs.getBuffer(found.blobKey) : null;
    if (!picture) throw notFound('Picture');
  }
  const jpeg = await stampImage(picture, { ...size, overlay });
  return { image: `data:image/jpeg;base64,${jpeg.toString('base64')}`, ...size };
}
