import type { ImageEdit } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app-types';
import type { TestAdapters } from '../../test/test-app';
import { drainJobs } from '../images/images.fixtures';
import { segmenterPid } from '../vision/segmentation';
import { editingJobs } from './editing.jobs';
import { carPhoto } from '../../test/car-photo';
import { setupEditing, type EditableShooting } from './editing.fixtures';

describe('a crop whose segmenter process crashes', () => {
  let adapters: TestAdapters;
  let app: App;
  let shooting: EditableShooting;
  let manager: Record<string, string>;
  // The queue's clock, moved past the retry's back-off instead of waiting for it.
  let offsetMs = 0;

  beforeAll(async () => {
    ({ adapters, app, shooting, manager } = await setupEditing(
      { photos: [await carPhoto('side'), await carPhoto('rear34')], cropping: { type: 'CROPPING' } },
      { clock: { now: () => new Date(Date.now() + offsetMs) } },
    ));
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  const requestCrop = async (position: number) =>
    (
      await app.inject({
        method: 'POST',
        url: '/vision/v1/processes/crop',
        headers: { authorization: manager.authorization! },
        payload: { shootingId: shooting.shootingId, imageId: shooting.images[position]!.originalId },
      })
    ).json<ImageEdit>();
  const editState = async (edit: ImageEdit) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/shootings/${shooting.shootingId}/edits/${edit.id}`,
        headers: manager,
      })
    ).json<ImageEdit>();
  const cropJob = (edit: ImageEdit) =>
    adapters.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'editing.crop')
      .where('payload', 'like', `%${edit.id}%`)
      .executeTakeFirstOrThrow();
  const killSegmenterWhenStarted = async () => {
    await vi.waitFor(() => expect(segmenterPid()).toBeDefined(), { timeout: 60_000, interval: 20 });
    process.kill(segmenterPid()!, 'SIGKILL');
  };

  it('records the crash on the job, leaves the picture pending, and the retry crops it once', async () => {
    const edit = await requestCrop(0);
    const jobs = [editingJobs(adapters).crop];
    const drained = drainJobs(adapters, jobs);
    await killSegmenterWhenStarted();
    await expect(drained).rejects.toThrow(/segmenter/);
    expect((await editState(edit)).status).toBe('PENDING');
    expect(await cropJob(edit)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await cropJob(edit)).last_error).toMatch(/segmenter (stopped|did not start)/);

    offsetMs += 10 * 60_000;
    await drainJobs(adapters, jobs);
    expect((await editState(edit)).status).toBe('DONE');
    expect(await cropJob(edit)).toMatchObject({ status: 'done', attempts: 2 });
    // Added to the shooting, each cropped type once.
    const added = await app.inject({
      method: 'POST',
      url: `/api/shootings/${shooting.shootingId}/images`,
      headers: manager,
      payload: { editIds: [edit.id] },
    });
    expect(added.json<{ results: { imageTypes: string[] }[] }>().results[0]!.imageTypes.sort()).toEqual([
      'BACKGROUND_CROPPED',
      'ORIGINAL_CROPPED',
      'ORIGINAL_CROPPED_NO_SHADOW',
      'STAMPED_CROPPED',
    ]);
  }, 300_000);

  it('reports the picture in error when the segmenter crashes at the last attempt', async () => {
    const edit = await requestCrop(1);
    const job = editingJobs(adapters).crop;
    const lastAttempt = job.handler(
      { editId: edit.id },
      { jobId: 'last', attempt: job.maxAttempts!, signal: new AbortController().signal },
    );
    await killSegmenterWhenStarted();
    await lastAttempt;
    const state = await editState(edit);
    expect(state.status).toBe('ERROR');
    expect(state.error).toMatch(/segmenter/);
  }, 300_000);
});
