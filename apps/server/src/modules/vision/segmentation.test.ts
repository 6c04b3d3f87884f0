import fs from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { carSceneSvg } from '../../seed/car-scene';
import { segmenterActivity, segmentVehicle, segmenterPid, SegmenterCrashed, UnreadablePicture } from './segmentation';
import { NICE } from '../../priorities';

const demoCar = () =>
  sharp(
    Buffer.from(
      carSceneSvg({
        width: 640,
        height: 480,
        shape: 'sedan',
        colour: '#8a1c1c',
        angle: 'front34',
        plate: { registration: { text: 'AB-123-CD', country: 'F' } },
      }),
    ),
  )
    .jpeg()
    .toBuffer();

describe('the segmenter process', () => {
  it('reports a segmenter that dies during a picture, and segments the next picture with a new one', async () => {
    const image = await demoCar();
    const first = await segmentVehicle(image);
    const pid = segmenterPid()!;
    expect(pid).not.toBe(process.pid);

    const killed = segmentVehicle(image);
    process.kill(pid, 'SIGKILL');
    await expect(killed).rejects.toBeInstanceOf(SegmenterCrashed);
    await expect(killed).rejects.toThrow(/stopped \(SIGKILL\)/);

    const again = await segmentVehicle(image);
    expect(segmenterPid()).not.toBe(pid);
    expect(again.alpha.equals(first.alpha)).toBe(true);
  }, 180_000);

  it("runs the model below the API and above the worker's picture work, every thread, and with its memory options", async () => {
    await segmentVehicle(await demoCar());
    const pid = segmenterPid()!;
    const threads = fs.readdirSync(`/proc/${pid}/task`);
    // Field 19 of a thread's stat is its nice value (counted after the name, which may hold spaces).
    const nice = threads.map(
      (t) => fs.readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8').split(') ')[1]!.split(' ')[16],
    );
    expect(threads.length).toBeGreaterThan(2);
    expect(new Set(nice)).toEqual(new Set([String(NICE.segmenter)]));
    // Garbage collectable on demand, two malloc arenas, big buffers unmapped when freed.
    const environment = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    expect(environment).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=1048576']));
    expect(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toContain('--expose-gc');
  }, 180_000);

  it('is busy from the first picture asked until the last one is answered, and tells its listeners', async () => {
    const image = await demoCar();
    const changes: boolean[] = [];
    const unsubscribe = segmenterActivity.subscribe((busy) => changes.push(busy));
    expect(segmenterActivity.busy()).toBe(false);
    const first = segmentVehicle(image);
    const second = segmentVehicle(image);
    expect(segmenterActivity.busy()).toBe(true);
    await first;
    expect(segmenterActivity.busy()).toBe(true);
    await second;
    expect(segmenterActivity.busy()).toBe(false);
    unsubscribe();
    await segmentVehicle(image);
    expect(changes).toEqual([true, false]);
  }, 180_000);

  it('tells a damaged picture (no retry will help) from a crash', async () => {
    await expect(segmentVehicle(Buffer.from('this is not a picture'))).rejects.toBeInstanceOf(UnreadablePicture);
    const truncated = (await demoCar()).subarray(0, 4000);
    await expect(segmentVehicle(truncated)).rejects.toBeInstanceOf(UnreadablePicture);
  }, 180_000);
});
