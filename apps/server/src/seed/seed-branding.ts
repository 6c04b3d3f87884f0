import sharp from 'sharp';
import { logoSvg, plateCoverImageSvg } from './dealer-branding';
import { DEMO_OWNERS } from './demo-accounts';
import { ownerBrand } from './demo-brands';
import { hashOf } from './render-cache';
import type { SeedContext } from './seed-context';

export const ownerLogoKey = (ownerId: string) => `owners/${ownerId}/logo.png`;
export const ownerPlateCoverKey = (ownerId: string) => `owners/${ownerId}/plate-cover.png`;

/** Gives each demo owner a logo and a licence-plate cover, unless it already has them. */
export async function seedOwnerBranding({ adapters: { db, blobs }, renders }: SeedContext): Promise<void> {
  const rows = await db
    .selectFrom('owners')
    .select(['id', 'logo_key', 'plate_cover_key'])
    .where(
      'id',
      'in',
      DEMO_OWNERS.map((o) => o.id),
    )
    .execute();
  for (const owner of DEMO_OWNERS) {
    const row = rows.find((r) => r.id === owner.id);
    if (!row || (row.logo_key && row.plate_cover_key)) continue;
    const brand = ownerBrand(owner);
    const png = (svg: string) => renders.get(hashOf('png', svg), () => sharp(Buffer.from(svg)).png().toBuffer());
    const [logo, cover] = await Promise.all([png(logoSvg(brand)), png(plateCoverImageSvg(brand))]);
    await blobs.put(ownerLogoKey(owner.id), logo.bytes, 'image/png');
    await blobs.put(ownerPlateCoverKey(owner.id), cover.bytes, 'image/png');
    await db
      .updateTable('owners')
      .set({ logo_key: ownerLogoKey(owner.id), plate_cover_key: ownerPlateCoverKey(owner.id) })
      .where('id', '=', owner.id)
      .execute();
  }
}
