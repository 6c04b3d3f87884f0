import sharp from 'sharp';
import { makeThumbnail } from '../modules/images/image-render';
import { stampImage } from '../modules/stamps/stamp-render';
import { carSceneSvg, platePatchSvg, type CarSceneSpec } from './car-scene';
import { hashOf, RenderCache, type Rendered } from './render-cache';

const JPEG = { quality: 84, chromaSubsampling: '4:2:0' } as const;
// The plate-less scene is kept as a near-lossless JPEG and decoded once per plate.
const BASE_JPEG = { quality: 95, chromaSubsampling: '4:4:4' } as const;

export interface StampForRender {
  id: string;
  width: number;
  height: number;
  overlay: Buffer;
}

/**
 * What the image pipeline's primitives make of a tiny picture: part of every stamped and thumbnail key,
 * so that a change to how they render never reuses a file they made before.
 */
async function primitivesFingerprint(): Promise<string> {
  const tiny = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const overlay = await sharp({
    create: { width: 8, height: 6, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  const [stamped, thumb] = await Promise.all([stampImage(tiny, { width: 8, height: 6, overlay }), makeThumbnail(tiny)]);
  return hashOf(stamped, thumb);
}

/**
 * The demo pictures. A view is drawn once per size, shape, colour and angle; views that show a plate get
 * each registration as a small composite on that drawing. Stamped copies and thumbnails go through the
 * image pipeline's own primitives, so demo images match the ones users make.
 */
export class DemoPictures {
  private fingerprint: Promise<string> | null = null;

  constructor(readonly cache: RenderCache = new RenderCache(null)) {}

  private primitives(): Promise<string> {
    this.fingerprint ??= primitivesFingerprint();
    return this.fingerprint;
  }

  /** The ORIGINAL: a JPEG of the car at the spec's size. */
  original(spec: CarSceneSpec): Promise<Rendered> {
    const patch = platePatchSvg(spec);
    if (!patch) {
      const svg = carSceneSvg(spec);
      return this.cache.get(hashOf('view', JSON.stringify(JPEG), svg), () =>
        sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer(),
      );
    }
    const baseSvg = carSceneSvg(spec, { plate: false });
    const baseKey = hashOf('base', JSON.stringify(BASE_JPEG), baseSvg);
    return this.cache.get(
      hashOf('plated', JSON.stringify(JPEG), baseKey, patch.svg, `${patch.left},${patch.top}`),
      async () => {
        const [base, plate] = await Promise.all([
          this.cache.get(baseKey, () => sharp(Buffer.from(baseSvg)).jpeg(BASE_JPEG).toBuffer()),
          sharp(Buffer.from(patch.svg)).png().toBuffer(),
        ]);
        return sharp(base.bytes)
          .composite([{ input: plate, left: patch.left, top: patch.top }])
          .jpeg(JPEG)
          .toBuffer();
      },
    );
  }

  /** The STAMPED copy of an original (pass the same overlay Buffer for a stamp every time). */
  async stamped(spec: CarSceneSpec, stamp: StampForRender): Promise<Rendered> {
    const original = await this.original(spec);
    const key = hashOf(
      'stamped',
      await this.primitives(),
      original.hash,
      hashOf(stamp.overlay),
      `${stamp.width}x${stamp.height}`,
    );
    return this.cache.get(key, () => stampImage(original.bytes, stamp));
  }

  async thumbnail(image: Rendered): Promise<Rendered> {
    return this.cache.get(hashOf('thumbnail', await this.primitives(), image.hash), () => makeThumbnail(image.bytes));
  }
}
