import path from 'node:path';
import type { Readable } from 'node:stream';
import type {
  MarketplaceExportFormat,
  MarketplaceProfile,
  MarketplaceReadinessResponse,
  PictureAngle,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { badRequest, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { requireShooting } from '../shootings/shooting-scope.service';
import { storedZip } from '../../platform/stored-zip';
import { ordersByAngle, queueAngleRecognition } from './angle-recognition.service';
import { scopedRules } from './builtin-profiles';
import * as repo from './marketplaces.repo';
import { profilesOfGroup } from './profiles.service';
import { hasRules, orderPictures, readinessProblems, type PictureImage, type PositionAngle } from './readiness';

type Deps = Pick<Adapters, 'db' | 'clock' | 'queue'>;
type Scope = Pick<UserContext, 'ownerIds'>;

/** A shooting in the caller's scope (404 otherwise), its pictures and their angles. */
async function pictures(deps: Pick<Adapters, 'db'>, user: Scope, shootingId: string) {
  const shooting = await requireShooting(deps.db, user, { shootingId });
  const rows = await repo.shootingPictures(deps.db, shooting.id);
  const images: PictureImage[] = rows.map((r) => ({
    id: r.id,
    position: r.position,
    imageType: r.image_type,
    width: r.width,
    height: r.height,
  }));
  const angleRows = await repo.shootingAngles(deps.db, shooting.id);
  const angles: PositionAngle[] = angleRows.map((a) => ({ position: a.position, angle: a.angle as PictureAngle }));
  return { shooting, rows, images, angles, angleRows };
}

/** "Ready for <marketplace>": per profile of the shooting's group, what is missing. */
export async function shootingReadiness(
  deps: Deps,
  user: Scope,
  shootingId: string,
): Promise<MarketplaceReadinessResponse> {
  const { shooting, images, angles, angleRows } = await pictures(deps, user, shootingId);
  const profiles = await profilesOfGroup(deps, shooting.groupId);
  const positions = [...new Set(images.map((i) => i.position))].sort((a, b) => a - b);
  const angleOf = new Map(angleRows.map((a) => [a.position, a]));
  // Pictures without an angle that an order needs: recognised by a job (once per set of pictures).
  const { recognising } = profiles.some((p) => ordersByAngle(p.rules))
    ? await queueAngleRecognition(deps, shooting.id, positions, new Set(angleOf.keys()))
    : { recognising: false };
  return {
    recognising,
    items: profiles.map((p) => {
      const problems = readinessProblems(images, angles, p.rules);
      // A profile with no rule checks nothing: "ready" would tell the dealer something nobody verified.
      const checked = hasRules(p.rules);
      // A group's copy holds the group's own rules: only a built-in's rules are said to be one country's.
      const scoped = p.groupId ? [] : scopedRules(p);
      return { profileId: p.id, name: p.name, checked, ready: checked && problems.length === 0, problems, scoped };
    }),
    angles: positions.map((position, i) => ({
      picture: i + 1,
      position,
      angle: (angleOf.get(position)?.angle as PictureAngle | undefined) ?? null,
      corrected: angleOf.get(position)?.source === 'user',
    })),
  };
}

/** A person's correction of a picture's angle; it sticks: recognition never overwrites it. */
export async function correctAngle(
  deps: Deps,
  user: Scope,
  shootingId: string,
  position: number,
  angle: PictureAngle,
): Promise<MarketplaceReadinessResponse> {
  const { shooting, images } = await pictures(deps, user, shootingId);
  if (!images.some((i) => i.position === position)) throw notFound('Picture');
  await repo.setUserAngle(deps.db, {
    shooting_id: shooting.id,
    position,
    angle,
    updated_at: deps.clock.now().toISOString(),
  });
  return shootingReadiness(deps, user, shootingId);
}

const extensionOf = (key: string) => {
  const ext = path.extname(key).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.jpg';
};
const safe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '_').replace(/^_+|_+$/g, '');

// The embedded blob store signs paths of this server; a marketplace fetching them needs the full address.
const absolute = (base: string, url: string) => (url.startsWith('/') ? `${base}${url}` : url);

/** A CSV field: quoted when it holds a separator, a quote or a line break; formulas are defused. */
const csvField = (value: string) => {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The XML feed: one vehicle, its registration and VIN, and its pictures' URLs in the profile's order. */
function xmlFeed(
  shooting: { registration: string; vin: string },
  profile: MarketplaceProfile,
  files: readonly ExportFile[],
  urls: readonly string[],
): string {
  const pictures = files.map(
    (f, i) =>
      `      <picture position="${f.picture}"${f.angle ? ` angle="${f.angle}"` : ''}>${xmlText(urls[i]!)}</picture>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<vehicles marketplace="${xmlText(profile.marketplace)}" profile="${xmlText(profile.name)}">`,
    '  <vehicle>',
    `    <registration>${xmlText(shooting.registration)}</registration>`,
    `    <vin>${xmlText(shooting.vin)}</vin>`,
    '    <pictures>',
    ...pictures,
    '    </pictures>',
    '  </vehicle>',
    '</vehicles>',
    '',
  ].join('\n');
}

export interface MarketplaceExport {
  fileName: string;
  contentType: string;
  body: Readable | string;
}

/** One picture of an export: its place in the profile's order, its file's name there, and how to read it. */
export interface ExportFile {
  picture: number;
  imageType: string;
  angle: PictureAngle | null;
  name: string;
  blobKey: string;
  updatedAt: string;
}

/**
 * The shooting (in the caller's scope, else 404) and its pictures as one profile wants them: in the profile's order
 * (lead first), each named `<registration>_<NN>`. 404 for an unknown profile, 400 when there is no picture yet.
 */
export async function exportFiles(deps: Pick<Adapters, 'db'>, user: Scope, shootingId: string, profileId: string) {
  const { shooting, rows, images, angles } = await pictures(deps, user, shootingId);
  const profile: MarketplaceProfile | undefined = (await profilesOfGroup(deps, shooting.groupId)).find(
    (p) => p.id === profileId,
  );
  if (!profile) throw notFound('Marketplace profile');
  const chosen = orderPictures(images, angles, profile.rules);
  if (chosen.length === 0) throw badRequest('This shooting has no pictures yet');
  const blobOf = new Map(rows.map((r) => [r.id, r]));
  const files: ExportFile[] = chosen.map((c) => {
    const row = blobOf.get(c.image.id)!;
    return {
      picture: c.picture,
      imageType: c.image.imageType,
      angle: c.angle,
      name: `${safe(shooting.registration) || 'shooting'}_${String(c.picture).padStart(2, '0')}${extensionOf(row.blob_key)}`,
      blobKey: row.blob_key,
      updatedAt: row.updated_at,
    };
  });
  return { shooting, profile, files };
}

/** Opens an export file's picture from the blob store. */
export const openExportFile = (deps: Pick<Adapters, 'blobs'>, f: ExportFile) => async () => {
  const obj = await deps.blobs.get(f.blobKey);
  if (!obj) throw new Error(`Image file ${f.blobKey} is missing`);
  return obj.body;
};

/** A picture's presigned address, absolute (a marketplace or a DMS fetches it), for a week. */
export const exportFileUrl = async (deps: Pick<Adapters, 'blobs' | 'config'>, f: ExportFile) =>
  absolute(deps.config.PUBLIC_URL, await deps.blobs.presignGet(f.blobKey, { expiresInSeconds: 7 * 24 * 3600 }));

/**
 * The shooting's pictures as one profile wants them: a zip whose entries are named `<registration>_<NN>` in the
 * profile's order (lead first), or a CSV or XML feed (registration, VIN, then the picture URLs in that order).
 */
export async function exportForProfile(
  deps: Pick<Adapters, 'db' | 'blobs' | 'config'>,
  user: Scope,
  shootingId: string,
  profileId: string,
  format: MarketplaceExportFormat,
): Promise<MarketplaceExport> {
  const { shooting, profile, files } = await exportFiles(deps, user, shootingId, profileId);
  const stem = `${safe(shooting.registration) || 'shooting'}-${safe(profile.name) || 'marketplace'}`;
  if (format === 'xml') {
    const urls = await Promise.all(files.map((f) => exportFileUrl(deps, f)));
    return {
      fileName: `${stem}.xml`,
      contentType: 'application/xml; charset=utf-8',
      body: xmlFeed(shooting, profile, files, urls),
    };
  }
  if (format === 'csv') {
    const urls = await Promise.all(files.map((f) => exportFileUrl(deps, f)));
    const header = ['registration', 'vin', ...files.map((f) => `picture_${f.picture}`)];
    const line = [shooting.registration, shooting.vin, ...urls];
    return {
      fileName: `${stem}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: `${header.map(csvField).join(',')}\r\n${line.map(csvField).join(',')}\r\n`,
    };
  }
  const stream = storedZip(
    files.map((f) => ({ name: f.name, date: new Date(f.updatedAt), open: openExportFile(deps, f) })),
  );
  return { fileName: `${stem}.zip`, contentType: 'application/zip', body: stream };
}
