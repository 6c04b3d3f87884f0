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
// A crop is checked once, on ORIGINAL_CROPPED: its other renderings are the same car on the same
// background, and repeating a warning four times tells the dealer nothing more. The mask is the photo's, so
// the checks read the photo itself within the mask: the vehicle's blur and exposure (the ground around it is
// replaced by the stamp's background, which the dealer did not shoot), its share of the photo and the sides
// it runs off.
const CROP_CHECKED: ImageType = 'ORIGINAL_CROPPED';

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
  const edited = images.filter((i) => types.includes(i.imageType));
  const checkedCrop = edited.find((i) => i.imageType === CROP_CHECKED) ?? edited[0];
  const targets = cropped && checkedCrop ? [checkedCrop] : edited;
  const photo = images.find((i) => i.imageType === 'ORIGINAL');
  if (targets.length === 0)
    throw badRequest(cropped ? 'This picture has not been cropped' : 'This picture has no licence-plate cover');
  await setRemarketingStatus(deps.db, shooting.id, 'QUALITY_CONTROL');
  const verifications: VerificationsResponse['verifications'] = [];
  for (const image of targets) {
    const mask = image.imageType === CROP_CHECKED ? await maskOf(deps, image.maskId) : undefined;
    const bytes = await deps.blobs.getBuffer(mask && photo ? photo.blobKey : image.blobKey);
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
