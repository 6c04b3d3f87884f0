import sharp from 'sharp';
import { carSceneSvg, type CarAngle } from '../seed/car-scene';

export const SCENE = { width: 800, height: 600 };

/** A demo car picture as the seed draws it, with a registration on its plate. */
export function carPhoto(angle: CarAngle, text = 'AB-123-CD'): Promise<Buffer> {
  return sharp(
    Buffer.from(
      carSceneSvg({
        ...SCENE,
        shape: 'sedan',
        colour: '#8a1c1c',
        angle,
        plate: { registration: { text, country: 'F', department: '75' } },
      }),
    ),
  )
    .jpeg({ quality: 90 })
    .toBuffer();
}
