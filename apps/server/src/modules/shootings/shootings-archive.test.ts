import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor } from '../../test/auth-helpers';
import { readZip } from '../../test/read-zip';
import { DEMO_USERS } from '../../seed/demo-accounts';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { openArchive } from './shootings-archive.service';
import { makeShooting } from './shootings.fixtures';
import { MANAGER, OTHER, setup } from './shootings.test-helpers';

describe('GET /API/V1/forecourt/shootings/{id}/zip', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  let s: Awaited<ReturnType<typeof makeShooting>>;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    t = await setup();
    bearer = {
      authorization: `Bearer ${await accessTokenFor(t.adapters, DEMO_USERS.find((u) => u.email === MANAGER)!.id)}`,
    };
    s = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      registration: 'ZP-100-AA',
      createdAt: '2024-06-09T14:00:00.000Z',
      images: [
        { position: 2, type: 'ORIGINAL' },
        { position: 2, type: 'STAMPED' },
        { position: 1, type: 'ORIGINAL' },
        { position: 1, type: 'ORIGINAL_LPC' },
        { position: 1, type: 'STAMPED' },
        { position: 1, type: 'STAMPED_LPC' },
        { position: 10, type: 'ORIGINAL_CROPPED' },
        { position: 10, type: 'BACKGROUND_CROPPED' },
      ],
    });
  });
  afterAll(async () => t.close());

  const get = (type: string, headers = bearer, id = s.shootingId) =>
    t.app.inject({ method: 'GET', url: `/API/V1/forecourt/shootings/${id}/zip?type=${type}`, headers });

  it.each([
    ['ORIGINAL_WITHOUT_PROCESSES', ['001-ORIGINAL.jpg', '002-ORIGINAL.jpg']],
    [
      'ORIGINAL_WITH_PROCESSES',
      ['001-ORIGINAL.jpg', '001-ORIGINAL_LPC.jpg', '002-ORIGINAL.jpg', '010-ORIGINAL_CROPPED.jpg'],
    ],
    ['STAMPED_WITH_PROCESSES', ['001-STAMPED_LPC.jpg', '002-STAMPED.jpg']],
  ])('%s holds the right files, ordered, stored, byte for byte', async (type, names) => {
    const res = await get(type);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="2024-06-09-ZP-100-AA.zip"; filename*=UTF-8''2024-06-09-ZP-100-AA.zip`,
    );
    const entries = await readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(names);
    for (const e of entries) {
      expect(e.method).toBe(0);
      const [pos, kind] = e.name.replace('.jpg', '').split('-') as [string, string];
      const source = s.images.find((i) => i.position === Number(pos) && i.type === kind)!;
      expect(e.data.equals((await t.adapters.blobs.getBuffer(source.key))!)).toBe(true);
    }
  });

  it('fails the download, not the process, when the blob store fails in the middle of an archive', async () => {
    let opened = 0;
    const failing = {
      get: async (key: string) => {
        // The first entry comes, the second meets the outage.
        if (opened++ === 0) return t.adapters.blobs.get(key);
        throw Object.assign(new Error('connect ECONNRESET 127.0.0.1:9000'), { code: 'ECONNRESET' });
      },
    } as unknown as BlobStore;
    const { stream } = await openArchive(
      { db: t.adapters.db, blobs: failing },
      { ownerIds: ['own-demo-paris'] },
      s.shootingId,
      'ORIGINAL_WITHOUT_PROCESSES',
    );
    const read = new Promise((resolve, reject) => {
      stream.on('data', () => undefined);
      stream.on('end', resolve);
      stream.on('error', reject);
    });
    await expect(read).rejects.toThrow(/ECONNRESET/);
    expect(opened).toBe(2);
  });

  it('answers 400 for an unknown kind, 401 without a token, 404 for another dealer', async () => {
    expect((await get('EVERYTHING')).statusCode).toBe(400);
    expect((await get('ORIGINAL_WITH_PROCESSES', {})).statusCode).toBe(401);
    const other = {
      authorization: `Bearer ${await accessTokenFor(t.adapters, DEMO_USERS.find((u) => u.email === OTHER)!.id)}`,
    };
    const res = await get('ORIGINAL_WITH_PROCESSES', other);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('ZP-100');
  });

  it('answers 404 when the shooting has no image of that kind', async () => {
    const empty = await makeShooting(t.adapters, {
      ownerId: 'own-demo-paris',
      images: [{ position: 1, type: 'ORIGINAL' }],
    });
    expect((await get('STAMPED_WITH_PROCESSES', bearer, empty.shootingId)).statusCode).toBe(404);
  });
});
