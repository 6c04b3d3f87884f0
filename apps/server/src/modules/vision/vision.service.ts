import type { PlateCornersRequest, PlateCornersResponse } from '@forecourt/contracts';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { findShootingInScope } from '../shootings/shooting-scope.service';
import { detectPlatesOfEach } from './detect-plates';
import type { Quad } from './geometry';
import { findOriginals } from './vision.repo';

/** Detected plate corners of images of one shooting, in the pixels of each position's ORIGINAL. */
export async function plateCorners(
  deps: { db: Db; blobs: BlobStore },
  user: UserContext,
  req: PlateCornersRequest,
): Promise<PlateCornersResponse> {
  const ids = [...new Set(req.imageIds)];
  // A shooting out of the caller's scope answers like an unknown image: nothing tells it exists.
  const shooting = await findShootingInScope(deps.db, user, { shootingId: req.shootingId });
  const found = shooting ? await findOriginals(deps.db, shooting.id, ids) : [];
  if (found.length !== ids.length) throw notFound('Image');
  const sources = ids.map((id) => found.find((s) => s.imageId === id)!);
  // One picture's detection at a time (CPU work on the thread that serves the other requests), the next picture's
  // decoding meanwhile on sharp's threads (decision 0068).
  const results = await detectPlatesOfEach(sources, async (source) => {
    const bytes = await deps.blobs.getBuffer(source.originalBlobKey);
    if (!bytes) throw notFound('Image');
    return bytes;
  });
  const images: PlateCornersResponse['images'] = results.map((result, i) => ({
    imageId: sources[i]!.imageId,
    width: result.width,
    height: result.height,
    plates: result.plates.map((p) => ({
      corners: roundQuad(p.corners),
      confidence: Math.round(p.confidence * 100) / 100,
    })),
  }));
  return { images };
}

const roundQuad = (q: Quad): Quad =>
  q.map((p) => ({ x: Math.round(p.x * 10) / 10, y: Math.round(p.y * 10) / 10 })) as Quad;
