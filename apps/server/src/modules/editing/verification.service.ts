import type { ImageType, QualityWarning, VerificationsResponse } from '@forecourt/contracts';
import sharp from 'sharp';
import type { Adapters } from '../../platform/adapters';
import { badRequest, notFound } from '../../platform/errors';
import { recordVerification } from '../images/derived-images.service';
import type { UserContext } from '../identity/user-context';
import { checkQuality } from '../vision/image-quality';
import type { VehicleMask } from '../vision/segmentation';
import { findShootingInScope, setRemarketingStatus } from '../shootings/shooting-scope.service';
import { findEdit, findPositionImages, listShootingVerifications } from './editing.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'clock'>;

/** Verifications are stored per image under this kind (the stamp pipeline records its own kind). */
const KIND = 'QUALITY';
const COVERED: ImageType[] = ['ORIGINAL_LPC', 'STAMPED_LPC', 'ORIGINAL_CROPPED_LPC', 'STAMPED_CROPPED_LPC'];
const CROPPED: ImageType[] = [
  'ORIGINAL_CROPPED',
  'ORIGINAL_CROPPED_NO_SHADOW',
  'STAMPED_CROPPED',
  'BACKGROUND_CROPPED',
];
// The mask is the photo's: its checks (the vehicle's share of the photo, sides it runs off) are read with the
// cropped rendering's blur and exposure checks.
const MASK_CHECKED: ImageType[] = ['ORIGINAL_CROPPED'];

async function maskOf(deps: Deps, editId: string | null): Promise<VehicleMask | undefined> {
  const edit = editId ? await findEdit(deps.db, editId) : null;
  const png = edit?.maskKey ? await deps.blobs.getBuffer(edit.maskKey) : null;
  if (!png) return undefined;
  const { data, info } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, alpha: data };
}

/**
 * The clipping service's quality control of the edited pictures of one position: blur, exposure and, for
 * a crop, its mask. The shooting shows QUALITY_CONTROL while it runs, FINISHED after.
 */
export async function verifyEditedImages(
  deps: Deps,
  user: UserContext,
  p: { shootingId: string; imageId: string },
  cropped: boolean,
): Promise<VerificationsResponse> {
  const shooting = await findShootingInScope(deps.db, user, { shootingId: p.shootingId });
  const images = shooting ? await findPositionImages(deps.db, shooting.id, p.imageId) : [];
  if (!shooting || images.length === 0) throw notFound('Image');
  const types = cropped ? CROPPED : COVERED;
  const targets = images.filter((i) => types.includes(i.imageType));
  if (targets.length === 0)
    throw badRequest(cropped ? 'This picture has not been cropped' : 'This picture has no licence-plate cover');
  await setRemarketingStatus(deps.db, shooting.id, 'QUALITY_CONTROL');
  const verifications: VerificationsResponse['verifications'] = [];
  for (const image of targets) {
    const bytes = await deps.blobs.getBuffer(image.blobKey);
    const mask = MASK_CHECKED.includes(image.imageType) ? await maskOf(deps, image.maskId) : undefined;
    const report = bytes ? await checkQuality(bytes, mask) : null;
    const warnings: QualityWarning[] = report?.warnings ?? [];
    const checkedAt = deps.clock.now().toISOString();
    await recordVerification(deps, image.id, KIND, JSON.stringify(report ?? { missing: true, warnings }), checkedAt);
    verifications.push({
      imageId: image.id,
      position: image.position,
      imageType: image.imageType,
      warnings,
      checkedAt,
    });
  }
  await setRemarketingStatus(deps.db, shooting.id, 'FINISHED');
  return { verifications };
}

/** The quality warnings recorded for a shooting's pictures, for the detail page. */
export async function listVerifications(
  deps: Pick<Deps, 'db'>,
  user: UserContext,
  shootingId: string,
): Promise<VerificationsResponse> {
  const shooting = await findShootingInScope(deps.db, user, { shootingId });
  if (!shooting) throw notFound('Shooting');
  const rows = await listShootingVerifications(deps.db, shooting.id, KIND);
  return {
    verifications: rows.map((r) => ({
      imageId: r.imageId,
      position: r.position,
      imageType: r.imageType,
      warnings: (JSON.parse(r.result) as { warnings?: QualityWarning[] }).warnings ?? [],
      checkedAt: r.createdAt,
    })),
  };
}
