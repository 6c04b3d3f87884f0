import sharp from 'sharp';
import { backgroundSvg, SET_FLOOR_LEVEL, stampOverlaySvg } from './dealer-branding';
import { groupBrand } from './demo-brands';
import { FORMAT_SIZE, type StampPlan } from './demo-plan';
import { hashOf } from './render-cache';
import { mapLimit, seededIds, type SeedContext } from './seed-context';

export const stampOverlayKey = (stampId: string) => `stamps/${stampId}/overlay.png`;
export const stampBackgroundKey = (stampId: string) => `stamps/${stampId}/background.jpg`;

/** Renders and stores each planned stamp's overlay and background, then writes its rows in one transaction. */
export async function seedStamps(ctx: SeedContext): Promise<void> {
  const { db, blobs } = ctx.adapters;
  const planned = ctx.plan.stamps;
  const existing = await seededIds(ctx, 'stamps', planned);
  await mapLimit(
    planned.filter((s) => !existing.has(s.id)),
    2,
    async (stamp: StampPlan) => {
      const { width, height } = FORMAT_SIZE[stamp.format];
      const brand = groupBrand(stamp.groupId);
      const overlaySvg = stampOverlaySvg(brand, stamp.design, width, height, stamp.tagline);
      const backgroundSvgText = backgroundSvg(brand, stamp.background, width, height);
      const [overlay, background] = await Promise.all([
        ctx.renders.get(hashOf('overlay-png-6', overlaySvg), () =>
          sharp(Buffer.from(overlaySvg)).png({ compressionLevel: 6 }).toBuffer(),
        ),
        ctx.renders.get(hashOf('background-jpeg-85', backgroundSvgText), () =>
          sharp(Buffer.from(backgroundSvgText)).jpeg({ quality: 85 }).toBuffer(),
        ),
      ]);
      await blobs.put(stampOverlayKey(stamp.id), overlay.bytes, 'image/png');
      await blobs.put(stampBackgroundKey(stamp.id), background.bytes, 'image/jpeg');
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('stamps')
          .values({
            id: stamp.id,
            group_id: stamp.groupId,
            name: stamp.name,
            format: stamp.format,
            width,
            height,
            overlay_key: stampOverlayKey(stamp.id),
            created_at: stamp.createdAt,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx
          .insertInto('stamp_configurations')
          .values({
            stamp_id: stamp.id,
            cropping_type: stamp.croppingType,
            background_key: stampBackgroundKey(stamp.id),
            blurring_value: stamp.blurringValue,
            floor_level: SET_FLOOR_LEVEL,
          })
          .onConflict((oc) => oc.doNothing())
          .execute();
      });
    },
  );
}
