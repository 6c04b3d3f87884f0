import path from 'node:path';
import type { Readable } from 'node:stream';
import { archiveHolds, IMAGE_TYPES, pickOrderGallery, type ArchiveType } from '@forecourt/contracts';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { requireShooting } from './shooting-scope.service';
import * as repo from './shootings.repo';
import { storedZip } from '../../platform/stored-zip';

type ImageRow = Awaited<ReturnType<typeof repo.imagesOf>>[number];

const typeRank = (t: string) => (IMAGE_TYPES as readonly string[]).indexOf(t);

/** The images an archive kind holds, ordered by position then type. */
export function imagesForArchive(rows: readonly ImageRow[], type: ArchiveType): ImageRow[] {
  const held = rows.filter((r) => archiveHolds(type, r.image_type));
  const picked =
    type === 'STAMPED_WITH_PROCESSES'
      ? pickOrderGallery(held.map((r) => ({ ...r, order: r.position, imageType: r.image_type })))
      : held;
  return [...picked].sort((a, b) => a.position - b.position || typeRank(a.image_type) - typeRank(b.image_type));
}

const extensionOf = (key: string) => {
  const ext = path.extname(key).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.jpg';
};

/** Entry names sort as the images are ordered and hold nothing a zip reader could take for a path. */
export const entryName = (r: Pick<ImageRow, 'position' | 'image_type' | 'blob_key'>) =>
  `${String(r.position).padStart(3, '0')}-${r.image_type.replace(/[^A-Z0-9_]/gi, '_')}${extensionOf(r.blob_key)}`;

export const archiveFileName = (createdAt: string, registration: string) =>
  `${createdAt.slice(0, 10)}-${registration.replace(/[^A-Za-z0-9-]+/g, '_') || 'shooting'}.zip`;

/**
 * A zip of a shooting's images of one kind, stored (JPEGs do not compress) and produced as it is sent:
 * memory stays flat whatever the archive size.
 */
export async function openArchive(
  deps: { db: Db; blobs: BlobStore },
  user: Pick<UserContext, 'ownerIds'>,
  shootingId: string,
  type: ArchiveType,
): Promise<{ fileName: string; stream: Readable }> {
  const s = await requireShooting(deps.db, user, { shootingId });
  const images = imagesForArchive(await repo.imagesOf(deps.db, s.id), type);
  if (images.length === 0) throw notFound('Images of this kind');
  const stream = storedZip(
    images.map((image) => ({
      name: entryName(image),
      date: new Date(image.updated_at),
      open: async () => {
        const obj = await deps.blobs.get(image.blob_key);
        if (!obj) throw new Error(`Image file ${image.blob_key} is missing`);
        return obj.body;
      },
    })),
  );
  return { fileName: archiveFileName(s.createdAt, s.registration), stream };
}
