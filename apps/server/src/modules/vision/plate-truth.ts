import fs from 'node:fs';
import path from 'node:path';
import { bounds, boxIoU, type Box } from './plate-detector';
import type { Point } from './geometry';

export interface TruthSample {
  image: string;
  boxes: Box[];
}

/** The samples of a folder in the plates data set layout: NAME.jpg beside NAME.txt (file x y w h text). */
export function readTruth(folder: string): TruthSample[] {
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((f) => {
      const boxes = fs
        .readFileSync(path.join(folder, f), 'utf8')
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols.length >= 5)
        .map(([, x, y, w, h]) => ({ x: Number(x), y: Number(y), w: Number(w), h: Number(h) }));
      const image = path.join(folder, f.replace(/\.txt$/, '.jpg'));
      return fs.existsSync(image) && boxes.length ? [{ image, boxes }] : [];
    });
}

/** Truth boxes found (IoU >= 0.5 with some detection) and detections that match some truth box. */
export function scoreDetections(
  detections: readonly (readonly Point[])[],
  truth: Box[],
): { found: number; correct: number } {
  const boxes = detections.map((d) => bounds(d));
  return {
    found: truth.filter((t) => boxes.some((b) => boxIoU(b, t) >= 0.5)).length,
    correct: boxes.filter((b) => truth.some((t) => boxIoU(b, t) >= 0.5)).length,
  };
}
