import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { carSceneSvg } from '../../seed/car-scene';
import { plateSvg } from '../../seed/licence-plate';
import { PLATE_RATIO } from './plate-cover-svg';
import { detectPlates } from './detect-plates';
import { closePlateThread } from './plate-half-thread';
import { apart, bounds, boxIoU, continues, detectPlatesInGray, type PlateCandidate } from './plate-detector';
import { readTruth, scoreDetections } from './plate-truth';

const DATASET = path.resolve(import.meta.dirname, '../../../../../../shared/datasets/plates/eu');

/** A street-like scene: noisy grey surroundings, a dark bumper and one plate, turned by `degrees`. */
async function sceneWithPlate(opts: {
  width: number;
  height: number;
  plateX: number;
  plateY: number;
  plateWidth: number;
  degrees: number;
  text: string;
}) {
  const plateHeight = opts.plateWidth * PLATE_RATIO;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${opts.width}" height="${opts.height}">
    <rect width="100%" height="100%" fill="#7d8288"/>
    <rect x="${opts.plateX - opts.plateWidth * 0.8}" y="${opts.plateY - plateHeight * 1.5}" width="${opts.plateWidth * 2.6}" height="${plateHeight * 4}" rx="30" fill="#2b2e33"/>
    <g transform="translate(${opts.plateX} ${opts.plateY}) rotate(${opts.degrees})">${plateSvg({ text: opts.text, country: 'F', department: '69' }, opts.plateWidth)}</g>
  </svg>`;
  const noise = await sharp({
    create: {
      width: opts.width,
      height: opts.height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 0, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  const image = await sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
  const a = (opts.degrees * Math.PI) / 180;
  const at = (dx: number, dy: number) => ({
    x: opts.plateX + dx * Math.cos(a) - dy * Math.sin(a),
    y: opts.plateY + dx * Math.sin(a) + dy * Math.cos(a),
  });
  return {
    image,
    truth: bounds([at(0, 0), at(opts.plateWidth, 0), at(opts.plateWidth, plateHeight), at(0, plateHeight)]),
  };
}

describe('plate detection', () => {
  afterAll(closePlateThread);

  it.each([
    { width: 1200, height: 800, plateX: 430, plateY: 520, plateWidth: 260, degrees: 0, text: 'AB-123-CD' },
    { width: 1600, height: 1200, plateX: 900, plateY: 300, plateWidth: 180, degrees: 4, text: 'GH-907-KL' },
    { width: 640, height: 480, plateX: 120, plateY: 330, plateWidth: 150, degrees: -3, text: 'ZX-450-PM' },
  ])('finds the plate of a $width×$height photo with the plate $plateWidth px wide turned $degrees°', async (spec) => {
    const { image, truth } = await sceneWithPlate(spec);
    const result = await detectPlates(image);
    expect(result.width).toBe(spec.width);
    expect(result.plates.length).toBeGreaterThanOrEqual(1);
    expect(boxIoU(bounds(result.plates[0]!.corners), truth)).toBeGreaterThanOrEqual(0.5);
  });

  it('answers in the pixels of the photo as displayed: a large photo stored turned a quarter with its EXIF orientation', async () => {
    // Searched at 1600 px: the photo is decoded smaller, then the corners are scaled back.
    const { image, truth } = await sceneWithPlate({
      width: 2000,
      height: 1250,
      plateX: 900,
      plateY: 800,
      plateWidth: 330,
      degrees: 0,
      text: 'KL-482-MN',
    });
    // Stored as a portrait turned a quarter anticlockwise; orientation 6 tells viewers to turn it back.
    const stored = await sharp(image).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([1250, 2000]);
    const result = await detectPlates(stored);
    expect([result.width, result.height]).toEqual([2000, 1250]);
    expect(boxIoU(bounds(result.plates[0]!.corners), truth)).toBeGreaterThanOrEqual(0.5);
  });

  it('prefers a character row whose plate lies inside the picture to the same row cut by its border', () => {
    // Two identical light plates of seven ring-shaped characters on a mid-grey picture: one in the middle, one
    // whose plate would reach above the picture's top edge.
    const width = 1280;
    const height = 720;
    const data = new Uint8Array(width * height).fill(110);
    const fill = (x0: number, y0: number, w: number, h: number, v: number) => {
      for (let y = Math.max(0, y0); y < Math.min(height, y0 + h); y++) data.fill(v, y * width + x0, y * width + x0 + w);
    };
    const plate = (x0: number, top: number) => {
      fill(x0, top, 200, 60, 225);
      for (let i = 0; i < 7; i++) {
        fill(x0 + 14 + i * 25, top + 18, 14, 26, 30);
        fill(x0 + 18 + i * 25, top + 22, 6 + (i % 3), 18, 225);
      }
    };
    plate(200, -16);
    plate(800, 400);
    const [best] = detectPlatesInGray({ width, height, data });
    expect(best).toBeDefined();
    expect(bounds(best!.corners).y).toBeGreaterThan(300);
  });

  it('ranks a character row closed above and below by its plate’s edges before the same row on open ground', () => {
    // The same seven ring-shaped characters twice on a mid-grey picture: on the left painted on a wide light
    // wall (lettering), on the right on a plate-sized light rectangle. Their own scores are equal.
    const width = 1280;
    const height = 720;
    const data = new Uint8Array(width * height).fill(110);
    const fill = (x0: number, y0: number, w: number, h: number, v: number) => {
      for (let y = y0; y < y0 + h; y++) data.fill(v, y * width + x0, y * width + x0 + w);
    };
    const row = (x0: number, top: number) => {
      for (let i = 0; i < 7; i++) {
        fill(x0 + 14 + i * 25, top + 18, 14, 26, 30);
        fill(x0 + 18 + i * 25, top + 22, 6 + (i % 3), 18, 225);
      }
    };
    fill(100, 250, 400, 200, 225);
    row(200, 320);
    fill(800, 320, 200, 60, 225);
    row(800, 320);
    const [best] = detectPlatesInGray({ width, height, data });
    expect(best).toBeDefined();
    expect(bounds(best!.corners).x).toBeGreaterThan(700);
  });

  it('finds a plate whose characters touch its frame’s band, the frame itself joined to a dark bumper', () => {
    // Thresholded, characters, frame, dealer's band and bumper are one dark region, too wide for a character: the
    // row is only found inside the plate's light ground, with the band's rows cleared (decision 0069).
    const width = 1280;
    const height = 720;
    const data = new Uint8Array(width * height).fill(150);
    const fill = (x0: number, y0: number, w: number, h: number, v: number) => {
      for (let y = y0; y < y0 + h; y++) data.fill(v, y * width + x0, y * width + x0 + w);
    };
    fill(300, 380, 700, 160, 40); // the bumper
    fill(560, 400, 180, 92, 225); // the plate's light ground
    for (let i = 0; i < 7; i++) {
      // Ring-shaped characters from the ground's top third down to the band, which they touch.
      fill(574 + i * 22, 420, 15, 54, 30);
      fill(578 + i * 22, 426, 5 + (i % 3), 40, 225);
    }
    fill(560, 474, 180, 12, 30); // the dealer's band at the bottom of the frame
    const plates = detectPlatesInGray({ width, height, data });
    expect(plates.length).toBeGreaterThanOrEqual(1);
    expect(boxIoU(bounds(plates[0]!.corners), { x: 560, y: 400, w: 180, h: 92 })).toBeGreaterThanOrEqual(0.5);
  });

  it('takes a row that a longer row of the same line contains for a piece of lettering, not a plate', () => {
    const word = { left: 100, right: 500, centre: 200, height: 30, characters: 11 };
    // Five of the word's letters, found alone where a letter was lost.
    expect(continues({ left: 300, right: 480, centre: 202, height: 28, characters: 5 }, word)).toBe(true);
    // The same line with about as many characters (a plate seen at both scales), another line, other text sizes.
    expect(continues({ left: 110, right: 490, centre: 200, height: 30, characters: 9 }, word)).toBe(false);
    expect(continues({ left: 300, right: 480, centre: 240, height: 30, characters: 5 }, word)).toBe(false);
    expect(continues({ left: 300, right: 480, centre: 200, height: 45, characters: 5 }, word)).toBe(false);
    expect(continues({ left: 450, right: 650, centre: 200, height: 30, characters: 5 }, word)).toBe(false);
  });

  it('reports a second plate only two plate widths or more from the first: closer is lettering on the same car', () => {
    const plate = (x: number, y: number): PlateCandidate => ({
      confidence: 0.99,
      corners: [
        { x, y },
        { x: x + 100, y },
        { x: x + 100, y: y + 25 },
        { x, y: y + 25 },
      ],
    });
    const first = plate(500, 400);
    // A company's name just above the plate, and the plate of the next car along.
    expect(apart(plate(470, 360), first)).toBe(false);
    expect(apart(plate(150, 390), first)).toBe(true);
  });

  it('finds nothing in a photo without text', async () => {
    const image = await sharp({
      create: {
        width: 800,
        height: 600,
        channels: 3,
        background: '#9aa3ad',
        noise: { type: 'gaussian', mean: 128, sigma: 20 },
      },
    })
      .jpeg()
      .toBuffer();
    expect((await detectPlates(image)).plates).toEqual([]);
  });

  it('finds the plate of a demo car where two registrations make the pictures differ', async () => {
    const scene = (text: string) =>
      sharp(
        Buffer.from(
          carSceneSvg({
            width: 1600,
            height: 1200,
            shape: 'sedan',
            colour: '#8a1c1c',
            angle: 'rear',
            plate: { registration: { text, country: 'F', department: '75' } },
          }),
        ),
      )
        .jpeg({ quality: 90 })
        .toBuffer();
    const [a, b] = await Promise.all([scene('AB-123-CD'), scene('XY-987-ZW')]);
    const plateRegion = await differingRegion(a, b);
    const result = await detectPlates(a);
    expect(result.plates.length).toBeGreaterThanOrEqual(1);
    const found = bounds(result.plates[0]!.corners);
    const centre = (r: { x: number; y: number; w: number; h: number }) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });
    expect(inside(centre(found), plateRegion)).toBe(true);
    expect(inside(centre(plateRegion), found)).toBe(true);
  });

  it('reaches recall and precision 0.95 on the European photos of the shared data set when it is present', async () => {
    if (!fs.existsSync(DATASET)) {
      console.warn(
        `Plate data set not found at ${DATASET} (a fresh clone has no ../shared): only the generated pictures were checked.`,
      );
      return;
    }
    let truths = 0;
    let found = 0;
    let detections = 0;
    let correct = 0;
    for (const sample of readTruth(DATASET)) {
      const result = await detectPlates(fs.readFileSync(sample.image));
      const s = scoreDetections(
        result.plates.map((p) => p.corners),
        sample.boxes,
      );
      truths += sample.boxes.length;
      found += s.found;
      detections += result.plates.length;
      correct += s.correct;
    }
    expect(truths).toBeGreaterThan(0);
    expect(found / truths).toBeGreaterThanOrEqual(0.95);
    expect(correct / detections).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});

const inside = (p: { x: number; y: number }, r: { x: number; y: number; w: number; h: number }) =>
  p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h;

/** Bounding box of the pixels that differ between two renders of the same size. */
async function differingRegion(a: Buffer, b: Buffer) {
  const [ra, rb] = await Promise.all(
    [a, b].map((x) => sharp(x).grayscale().raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, height } = ra!.info;
  let minX = width;
  let minY = height;
  let maxX = 0;
  let maxY = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (Math.abs(ra!.data[y * width + x]! - rb!.data[y * width + x]!) > 60) {
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
  }
  return { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
}
