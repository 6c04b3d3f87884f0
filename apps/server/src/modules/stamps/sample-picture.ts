import sharp from 'sharp';
import { carSceneSvg } from '../../seed/car-scene';

const samples = new Map<string, Promise<Buffer>>();

/**
 * The designer's sample photo: a car in a showroom, drawn by the demo pictures' renderer at the given
 * size, once per process and size.
 */
export function samplePicture(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let sample = samples.get(key);
  if (!sample) {
    const svg = carSceneSvg({
      width,
      height,
      shape: 'sedan',
      colour: '#2f5d8a',
      angle: 'front34',
      plate: { registration: { text: 'AB-123-CD', country: 'F', department: '75' } },
    });
    sample = sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
    samples.set(key, sample);
    sample.catch(() => samples.delete(key));
  }
  return sample;
}
