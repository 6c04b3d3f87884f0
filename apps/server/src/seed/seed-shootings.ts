import sharp from 'sharp';
import { recordShooting } from '../modules/shootings/shooting-scope.service';
import { stampForJob } from '../modules/stamps/stamps.service';
import type { CarAngle, CarSceneSpec } from './car-scene';
import type { StampForRender } from './demo-pictures';
import { titleCardSvg } from './dealer-branding';
import { groupBrand } from './demo-brands';
import { FORMAT_SIZE, type ImagePlan, type ProductPlan, type ShootingPlan } from './demo-plan';
import type { ClipRef } from './demo-video-plan';
import { CLIP_SIZE, ffmpegVersion, renderSlideshow } from './demo-video';
import { hashOf } from './render-cache';
import { mapLimit, seededIds, type SeedContext } from './seed-context';

export const shootingImageKey = (shootingId: string, imageId: string) =>
  `shootings/${shootingId}/images/${imageId}.jpg`;
export const shootingThumbKey = (shootingId: string, imageId: string) =>
  `shootings/${shootingId}/thumbs/${imageId}.jpg`;
export const shootingVideoKey = (shootingId: string, videoId: string) =>
  `shootings/${shootingId}/videos/${videoId}.mp4`;

const CLIP_ANGLES: CarAngle[] = ['front34', 'side', 'rear34', 'rear', 'interior', 'wheel'];
const CLIP_CARS = [
  { shape: 'suv', colour: '#eef0f2' },
  { shape: 'hatch', colour: '#b01e28' },
] as const;

/** A group's demo clip: the car seen from around the showroom, its plate under the dealer's cover. */
async function clip(ctx: SeedContext, ref: ClipRef): Promise<Buffer> {
  const brand = groupBrand(ref.groupId);
  const car = CLIP_CARS[ref.variant % CLIP_CARS.length]!;
  const card = (line: string) => {
    const svg = titleCardSvg(brand, line, CLIP_SIZE.width, CLIP_SIZE.height);
    return ctx.renders.get(hashOf('card-jpeg-85', svg), () => sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
  };
  const cars = await Promise.all(
    CLIP_ANGLES.map((angle) =>
      ctx.pictures.original({
        ...CLIP_SIZE,
        ...car,
        angle,
        plate: { cover: { name: brand.name, colour: brand.colour } },
      }),
    ),
  );
  const frames = ref.withIntroAndAudio ? [await card(brand.subtitle), ...cars, await card(brand.phone)] : cars;
  // The slideshow function's own text stands for its ffmpeg recipe: editing it makes new clips.
  const key = hashOf(
    'clip',
    ffmpegVersion,
    renderSlideshow.toString(),
    String(ref.withIntroAndAudio),
    ...frames.map((f) => f.hash),
  );
  return (
    await ctx.renders.get(key, () =>
      renderSlideshow(
        frames.map((f) => f.bytes),
        ref.withIntroAndAudio,
      ),
    )
  ).bytes;
}

async function stampTemplate(
  ctx: SeedContext,
  cache: Map<string, Promise<StampForRender>>,
  stampId: string,
): Promise<StampForRender> {
  let t = cache.get(stampId);
  if (!t) {
    t = (async () => {
      const row = await stampForJob(ctx.adapters, stampId);
      if (!row) throw new Error(`Stamp ${stampId} is missing`);
      const overlay = await ctx.adapters.blobs.getBuffer(row.overlayKey);
      if (!overlay) throw new Error(`Overlay of stamp ${stampId} is missing`);
      return { id: stampId, width: row.width, height: row.height, overlay };
    })();
    cache.set(stampId, t);
  }
  return t;
}

const sceneFor = (shooting: ShootingPlan, product: ProductPlan, image: ImagePlan): CarSceneSpec => ({
  ...FORMAT_SIZE[shooting.format ?? '4/3'],
  shape: product.shape,
  colour: product.colour,
  angle: image.angle,
  plate: { registration: product.registration },
});

/** Stores a shooting's pictures, thumbnails and videos, then writes its rows in one transaction. */
async function seedShooting(
  ctx: SeedContext,
  stamps: Map<string, Promise<StampForRender>>,
  shooting: ShootingPlan,
): Promise<void> {
  const { db, blobs } = ctx.adapters;
  const product = ctx.plan.products.find((p) => p.id === shooting.productId)!;
  const imageRows = await Promise.all(
    shooting.images.map(async (image) => {
      const scene = sceneFor(shooting, product, image);
      const stamp =
        image.imageType === 'STAMPED' && shooting.stampId ? await stampTemplate(ctx, stamps, shooting.stampId) : null;
      const body = await (stamp ? ctx.pictures.stamped(scene, stamp) : ctx.pictures.original(scene));
      const thumb = await ctx.pictures.thumbnail(body);
      const key = shootingImageKey(shooting.id, image.id);
      const thumbKey = shootingThumbKey(shooting.id, image.id);
      await blobs.put(key, body.bytes, 'image/jpeg');
      await blobs.put(thumbKey, thumb.bytes, 'image/jpeg');
      return {
        id: image.id,
        shooting_id: shooting.id,
        position: image.position,
        image_type: image.imageType,
        blob_key: key,
        thumbnail_key: thumbKey,
        format: shooting.format,
        stamp_id: stamp ? stamp.id : null,
        mask_id: null,
        is_label_image: image.isLabel ? 1 : 0,
        width: scene.width,
        height: scene.height,
        bytes: body.bytes.length,
        created_at: shooting.createdAt,
        updated_at: shooting.createdAt,
      };
    }),
  );
  const videoRows = await Promise.all(
    shooting.videos.map(async (video) => {
      let blobKey: string | null = null;
      if (video.clip) {
        blobKey = shootingVideoKey(shooting.id, video.id);
        await blobs.put(blobKey, await clip(ctx, video.clip), 'video/mp4');
      }
      return {
        id: video.id,
        shooting_id: shooting.id,
        video_type: video.videoType,
        streamer: video.streamer,
        url: video.youtubeId ? `https://www.youtube.com/watch?v=${video.youtubeId}` : null,
        reference: video.youtubeId ?? blobKey ?? '',
        blob_key: blobKey,
        created_at: video.createdAt,
      };
    }),
  );
  await recordShooting(db, {
    shooting: {
      id: shooting.id,
      product_id: shooting.productId,
      owner_id: shooting.ownerId,
      shooting_type: shooting.type,
      registration: product.registration.text.toUpperCase(),
      remarketing_status: shooting.status,
      dms_status: shooting.dmsStatus,
      dms_synced_at: shooting.dmsSyncedAt,
      stamp_id: shooting.stampId,
      format: shooting.format,
      video_name: shooting.videoName,
      created_by: shooting.createdBy,
      created_at: shooting.createdAt,
    },
    images: imageRows,
    videos: videoRows,
  });
}

/**
 * Seeds every planned shooting that is not there yet. Blobs are written before the rows under fixed keys,
 * so a run stopped half-way leaves no row without its files, and the next run rewrites the same keys.
 */
export async function seedShootings(ctx: SeedContext): Promise<void> {
  const planned = ctx.plan.shootings;
  const existing = await seededIds(ctx, 'shootings', planned);
  const stamps = new Map<string, Promise<StampForRender>>();
  // Videos first: their ffmpeg runs overlap with the picture rendering of the next shootings.
  const todo = planned.filter((s) => !existing.has(s.id)).sort((a, b) => b.videos.length - a.videos.length);
  await mapLimit(todo, 3, (s) => seedShooting(ctx, stamps, s));
}
