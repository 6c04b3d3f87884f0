import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { demoUser } from '../../seed/demo-accounts';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { drainJobs } from '../images/images.fixtures';
import { makeShooting } from './players.fixtures';
import { playersJobs } from './players.jobs';

const MANAGER = 'manager@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

describe('players', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let headers: Record<string, string>;

  const refFor = async (shootingId: string, h = headers, marketplace = 'FORECOURT') =>
    app.inject({
      method: 'GET',
      url: `/api/shootings/${shootingId}/marketplaces/${marketplace}?urlshortened=true`,
      headers: h,
    });

  beforeAll(async () => {
    adapters = await createTestAdapters({
      WEBINAR_FORM_URL: 'https://forms.example.test/webinar',
      PROVIDER_GROUP_ID: 'grp-demo',
    });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    headers = await authHeaders(adapters, MANAGER);
  });
  afterAll(async () => {
    await app.close();
    await adapters.cleanup();
  });

  describe('references', () => {
    it('gives the same unguessable ref for the same shooting and marketplace, and a short link to the player', async () => {
      const { shootingId } = await makeShooting(adapters, { ownerId: 'own-demo-paris' });
      const first = await refFor(shootingId);
      expect(first.statusCode).toBe(200);
      const { ref, url } = first.json<{ ref: string; url: string }>();
      // 22 base64url characters carry 132 bits, of which 128 are random.
      expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(url).toBe(`http://127.0.0.1:8080/p/${ref}`);
      expect((await refFor(shootingId)).json()).toEqual({ ref, url });
      const other = (await refFor(shootingId, headers, 'LEBONCOIN')).json<{ ref: string }>();
      expect(other.ref).not.toBe(ref);
      const short = await app.inject({ method: 'GET', url: `/p/${ref}` });
      expect(short.statusCode).toBe(302);
      expect(short.headers.location).toBe(`/public/player/${ref}`);
    });

    it('gives the long link when no short one is asked for', async () => {
      const { shootingId } = await makeShooting(adapters, { ownerId: 'own-demo-paris' });
      const res = await app.inject({
        method: 'GET',
        url: `/api/shootings/${shootingId}/marketplaces/FORECOURT`,
        headers,
      });
      expect(res.json().url).toBe(`http://127.0.0.1:8080/public/player/${res.json().ref}`);
    });

    it('refuses another dealer’s shooting and anonymous callers', async () => {
      const { shootingId } = await makeShooting(adapters, { ownerId: 'own-other-bordeaux' });
      expect((await refFor(shootingId)).statusCode).toBe(404);
      expect((await refFor(shootingId, {})).statusCode).toBe(401);
      expect((await refFor(shootingId, await authHeaders(adapters, OTHER))).statusCode).toBe(200);
    });
  });

  describe('public options', () => {
    it('shows the final image of each position in order, the owner’s contact and the last user’s e-mail, and no internal id', async () => {
      const { shootingId, imageIds } = await makeShooting(adapters, {
        ownerId: 'own-demo-paris',
        createdBy: demoUser(MANAGER).id,
        images: [
          { position: 2, type: 'ORIGINAL' },
          { position: 1, type: 'ORIGINAL' },
          { position: 1, type: 'STAMPED' },
          { position: 3, type: 'STAMPED_CROPPED_LPC', width: 800, height: 450 },
          { position: 3, type: 'STAMPED' },
          { position: 4, type: 'ORIGINAL', width: 1024, height: 512 },
        ],
      });
      const { ref } = (await refFor(shootingId)).json<{ ref: string }>();
      const res = await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/options` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        ref,
        state: 'AVAILABLE',
        shootingType: 'STANDARD',
        phone: '+33 1 84 88 12 34',
        lastUserEmail: MANAGER,
        webinarUrl: 'https://forms.example.test/webinar',
        contactInformations: [
          { title: 'Address', value: '12 avenue de la Grande Armée, 75017 Paris' },
          expect.anything(),
          expect.anything(),
        ],
      });
      // Positions 1, 2, 3 in the spin (3 as its cropped LPC image); the 2:1 image is the panorama.
      expect(body.frames.map((f: { width: number; height: number }) => [f.width, f.height])).toEqual([
        [640, 480],
        [640, 480],
        [800, 450],
      ]);
      expect(body.panoramaUrl).toMatch(new RegExp(`^/api/external/legacy/players/${ref}/panorama.jpg\\?v=`));
      const text = res.body;
      for (const secret of [
        shootingId,
        ...imageIds,
        'own-demo-paris',
        'grp-demo',
        demoUser(MANAGER).id,
        'sales@demo',
      ]) {
        expect(text).not.toContain(secret);
      }
    });

    it('serves each frame resized, once made and then from the cache, and the panorama', async () => {
      const { shootingId, imageIds } = await makeShooting(adapters, {
        ownerId: 'own-demo-lyon',
        images: [
          { position: 1, type: 'STAMPED', width: 1600, height: 1200 },
          { position: 2, type: 'STAMPED', width: 1600, height: 1200 },
          { position: 3, type: 'ORIGINAL', width: 2048, height: 1024 },
        ],
      });
      const { ref } = (await refFor(shootingId)).json<{ ref: string }>();
      const options = (await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/options` })).json();
      const url = `/api/external/legacy/players/${ref}/frames/1/768.webp?v=${options.frames[1].version}`;
      const [a, b] = await Promise.all([app.inject({ method: 'GET', url }), app.inject({ method: 'GET', url })]);
      expect(a.statusCode).toBe(200);
      expect(a.headers['content-type']).toBe('image/webp');
      expect(a.headers['cache-control']).toContain('immutable');
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      const meta = await sharp(a.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 768, 576]);
      const jpg = await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/frames/0/1920.jpg` });
      expect((await sharp(jpg.rawPayload).metadata()).width).toBe(1600);
      const cached = await adapters.db
        .selectFrom('image_variants')
        .selectAll()
        .where('image_id', 'in', imageIds)
        .execute();
      expect(cached).toHaveLength(2);
      expect(
        (await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/frames/1/700.webp` })).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/frames/2/768.webp` })).statusCode,
      ).toBe(404);
      const pano = await app.inject({ method: 'GET', url: options.panoramaUrl });
      expect((await sharp(pano.rawPayload).metadata()).width).toBe(2048);
    });

    it('shows the under-construction state while the shooting is processing, without media', async () => {
      const { shootingId } = await makeShooting(adapters, {
        ownerId: 'own-demo-paris',
        status: 'AI_PROCESSING',
        images: [{ position: 1, type: 'ORIGINAL' }],
      });
      const { ref } = (await refFor(shootingId)).json<{ ref: string }>();
      const body = (await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/options` })).json();
      expect(body).toMatchObject({ state: 'UNDER_CONSTRUCTION', frames: [], panoramaUrl: null, video: null });
      expect(
        (await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/frames/0/480.webp` })).statusCode,
      ).toBe(404);
    });

    it('gives the preferred video of a VIDEO shooting, and no webinar for another group’s user', async () => {
      const other = await authHeaders(adapters, OTHER);
      const { shootingId } = await makeShooting(adapters, {
        ownerId: 'own-other-bordeaux',
        type: 'VIDEO',
        videos: [
          { type: 'ORIGINAL', streamer: 'YOUTUBE', reference: 'first' },
          { type: 'CONCAT_AUDIO', streamer: 'CLOUDFLARE', reference: 'abc123' },
        ],
      });
      const { ref } = (await refFor(shootingId, other)).json<{ ref: string }>();
      const body = (await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/options` })).json();
      expect(body.video).toEqual({ streamer: 'CLOUDFLARE', url: null, reference: 'abc123', posterUrl: null });
      expect(body.webinarUrl).toBeNull();
      expect(body.lastUserEmail).toBe(OTHER);
    });

    it('serves a player’s page with its modules, and a valid one’s with its options, its first frame’s preload and that frame drawn in the body', async () => {
      const webDist = path.join(adapters.dataDir, 'web');
      fs.mkdirSync(path.join(webDist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(webDist, 'assets', 'player-app-Xy1.js'), 'export const page=1;');
      const modules = '<link rel="modulepreload" crossorigin href="/assets/player-app-Xy1.js">';
      fs.writeFileSync(
        path.join(webDist, 'index.html'),
        '<!doctype html><html><head><title>Forecourt</title></head><body><div id="root"></div></body></html>',
      );
      // The player's own page (apps/web/player.html), which the portal's paths never get.
      fs.writeFileSync(
        path.join(webDist, 'player.html'),
        '<!doctype html><html><head><title>Forecourt player</title></head><body><div id="root"></div></body></html>',
      );
      const web = await buildApp(adapters, { webDist });
      try {
        const { shootingId } = await makeShooting(adapters, {
          ownerId: 'own-demo-paris',
          images: [
            { position: 1, type: 'STAMPED' },
            { position: 2, type: 'STAMPED' },
          ],
        });
        const { ref } = (await refFor(shootingId)).json<{ ref: string }>();
        const options = (
          await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/options` })
        ).json();
        const page = await web.inject({ method: 'GET', url: `/public/player/${ref}` });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('<title>Forecourt player</title>');
        expect(page.headers.link).toBeUndefined();
        const head = page.body.slice(0, page.body.indexOf('</head>'));
        expect(head).toContain(
          `imagesrcset="/api/external/legacy/players/${ref}/frames/0/480.webp?v=${options.frames[0].version} 480w,`,
        );
        const inline = /<script type="application\/json" id="player-options">(.*?)<\/script>/s.exec(head);
        expect(JSON.parse(inline![1]!)).toEqual(options);
        expect(head).toContain(modules);
        const body = page.body.slice(page.body.indexOf('<body>'));
        const frame = /<div id="player-static-frame" aria-hidden="true">.*?<img ([^>]*)>/s.exec(body);
        expect(frame![1]).toContain(
          `srcset="/api/external/legacy/players/${ref}/frames/0/480.webp?v=${options.frames[0].version} 480w,`,
        );
        expect(body.indexOf('player-static-frame')).toBeLessThan(body.indexOf('id="root"'));
        expect(body).not.toContain('data:image/webp');
        // Once the phone's variant exists, phones get it in the page itself.
        const phone = await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/frames/0/768.webp` });
        const again = await web.inject({ method: 'GET', url: `/public/player/${ref}` });
        expect(again.body).toContain(`src="data:image/webp;base64,${phone.rawPayload.toString('base64')}"`);

        // A personal link is the same page at once (no redirect): its options and first frame in the head.
        const personal = await web.inject({ method: 'GET', url: `/p/${ref}/tok_AbCdEf123456` });
        expect(personal.statusCode).toBe(200);
        expect(personal.body).toContain('<title>Forecourt player</title>');
        expect(personal.body).toContain('id="player-options"');

        const unknown = await web.inject({ method: 'GET', url: '/public/player/AbCdEfGhIjKlMnOpQrStUv' });
        expect(unknown.statusCode).toBe(200);
        expect(unknown.body).toContain('<title>Forecourt player</title>');
        expect(unknown.body).toContain(modules);
        expect(unknown.body).not.toContain('player-options');
        expect(unknown.body).not.toContain('rel="preload"');
        expect(unknown.body).not.toContain('player-static-frame');
        // The page cannot tell; the options call will, so the browser starts it at once.
        expect(unknown.headers.link).toBe(
          '</api/external/legacy/players/AbCdEfGhIjKlMnOpQrStUv/options>; rel=preload; as=fetch; crossorigin=anonymous',
        );
        const other = await web.inject({ method: 'GET', url: '/shootings' });
        expect(other.headers.link).toBeUndefined();
        expect(other.body).toBe(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
      } finally {
        await web.close();
      }
    });

    it('makes the frame variants once, ahead of the first visit, when the reference is given out', async () => {
      const { shootingId, imageIds } = await makeShooting(adapters, {
        ownerId: 'own-demo-paris',
        images: [
          { position: 1, type: 'STAMPED', width: 1600, height: 1200 },
          { position: 2, type: 'STAMPED', width: 1600, height: 1200 },
        ],
      });
      const queued = async () => (await adapters.queue.counts('players.prepare-frames')).queued;
      const before = await queued();
      const { ref } = (await refFor(shootingId)).json<{ ref: string }>();
      await refFor(shootingId);
      const jobs = playersJobs(adapters);
      expect(await queued()).toBe(before + 1);
      const writes = vi.spyOn(adapters.blobs, 'put');
      await drainJobs(adapters, Object.values(jobs));
      // The phone's width (and the page's inline frame) first, for every frame: what a visitor arriving meanwhile asks for.
      const order = ['768.webp', '480.webp', '1080.webp', '1440.webp', '1920.webp'];
      const ours = writes.mock.calls.map(([key]) => key).filter((key) => imageIds.some((id) => key.includes(id)));
      expect(ours.map((key) => key.split('/').at(-1))).toEqual(order.flatMap((w) => [w, w]));
      writes.mockRestore();
      const variants = () =>
        adapters.db
          .selectFrom('image_variants')
          .select(['image_id', 'variant', 'blob_key'])
          .where('image_id', 'in', imageIds)
          .execute();
      const made = await variants();
      expect(made).toHaveLength(2 * 5);
      expect(made.every((v) => v.variant.endsWith('.webp'))).toBe(true);
      // A retry (or a second job) redoes nothing; a visitor then gets the variant that was made.
      await jobs.prepareFrames.handler({ ref }, { jobId: 'retry', attempt: 2, signal: new AbortController().signal });
      expect(await variants()).toEqual(made);
      const options = (await app.inject({ method: 'GET', url: `/api/external/legacy/players/${ref}/options` })).json();
      const frame = await app.inject({
        method: 'GET',
        url: `/api/external/legacy/players/${ref}/frames/1/1080.webp?v=${options.frames[1].version}`,
      });
      const stored = made.find((v) => v.image_id === imageIds[1] && v.variant.endsWith('/1080.webp'))!;
      expect(frame.rawPayload.equals((await adapters.blobs.getBuffer(stored.blob_key))!)).toBe(true);
      expect(await variants()).toHaveLength(2 * 5);
    });

    it('answers 404 for an unknown or malformed ref', async () => {
      expect(
        (await app.inject({ method: 'GET', url: '/api/external/legacy/players/AAAAAAAAAAAAAAAAAAAAAA/options' }))
          .statusCode,
      ).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/external/legacy/players/x/options' })).statusCode).toBe(400);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/api/external/legacy/players/AAAAAAAAAAAAAAAAAAAAAA/frames/0/480.webp',
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('watched and ratings', () => {
    const rate = (body: object, ip = '203.0.113.7') =>
      app.inject({ method: 'POST', url: '/API/V1/panorama-shootings/scorings', payload: body, remoteAddress: ip });

    it('records a watched notification once per visitor and player', async () => {
      const { shootingId } = await makeShooting(adapters, { ownerId: 'own-demo-paris' });
      const { ref } = (await refFor(shootingId)).json<{ ref: string }>();
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/videos/notification',
          payload: { ref, notification: 'watched' },
        });
        expect(res.statusCode).toBe(200);
      }
      const events = await adapters.db.selectFrom('statistics_events').selectAll().where('subject', '=', ref).execute();
      expect(events.map((e) => e.kind)).toEqual(['PLAYER_WATCHED']);
    });

    it('takes one rating per visitor, player and day, and refuses bad ones', async () => {
      const { shootingId } = await makeShooting(adapters, { ownerId: 'own-demo-paris' });
      const { ref } = (await refFor(shootingId)).json<{ ref: string }>();
      expect((await rate({ ref, score: 0 })).statusCode).toBe(400);
      expect((await rate({ ref, score: 4, comment: 'x'.repeat(256) })).statusCode).toBe(400);
      expect((await rate({ ref: 'AAAAAAAAAAAAAAAAAAAAAA', score: 4 })).statusCode).toBe(404);
      const ok = await rate({ ref, score: 4, comment: ' Great car ' });
      expect(ok.statusCode).toBe(201);
      const again = await rate({ ref, score: 5 });
      // A second rating the same day is "already received" (409), which the player shows as such.
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('CONFLICT');
      expect((await rate({ ref, score: 5 }, '198.51.100.9')).statusCode).toBe(201);
      const rows = await adapters.db
        .selectFrom('ratings')
        .selectAll()
        .where('target', '=', ref)
        .orderBy('created_at')
        .execute();
      expect(rows.map((r) => [r.score, r.comment])).toEqual(
        expect.arrayContaining([
          [4, 'Great car'],
          [5, null],
        ]),
      );
      expect(rows.every((r) => !r.visitor.includes('203.0.113.7'))).toBe(true);
    });

    it("limits one visitor's public writes as a burst, counting nothing for an unknown player", async () => {
      const watched = (ref: string, ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/videos/notification',
          payload: { ref, notification: 'watched' },
          remoteAddress: ip,
        });
      const eventsOf = async (ref: string) =>
        (await adapters.db.selectFrom('statistics_events').select('id').where('subject', '=', ref).execute()).length;
      const [a, b, c] = await Promise.all(
        [0, 1, 2].map(
          async () =>
            (await refFor((await makeShooting(adapters, { ownerId: 'own-demo-paris' })).shootingId)).json<{
              ref: string;
            }>().ref,
        ),
      );
      const ip = '192.0.2.77';
      // An unknown player answers 404 and takes nothing from the visitor's burst of 30 public writes a minute.
      for (let i = 0; i < 3; i++) expect((await watched('AAAAAAAAAAAAAAAAAAAAAA', ip)).statusCode).toBe(404);
      expect((await rate({ ref: 'AAAAAAAAAAAAAAAAAAAAAA', score: 3 }, ip)).statusCode).toBe(404);
      // The first watched is recorded, the next 28 are counted but not recorded again.
      for (let i = 0; i < 29; i++) expect((await watched(a!, ip)).statusCode).toBe(200);
      expect(await eventsOf(a!)).toBe(1);
      // The 30th write is still in the burst.
      expect((await watched(b!, ip)).statusCode).toBe(200);
      expect(await eventsOf(b!)).toBe(1);
      // Over it: a rating is refused, and a first watched of another player is not recorded.
      const refused = await rate({ ref: a!, score: 3 }, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect((await watched(c!, ip)).statusCode).toBe(200);
      expect(await eventsOf(c!)).toBe(0);
      // Another visitor is not limited by this one.
      expect((await watched(c!, '192.0.2.78')).statusCode).toBe(200);
      expect(await eventsOf(c!)).toBe(1);
    });

    it('stops one visitor rating many players in an hour', async () => {
      const refs: string[] = [];
      for (let i = 0; i < 21; i++) {
        const { shootingId } = await makeShooting(adapters, { ownerId: 'own-demo-lille' });
        refs.push((await refFor(shootingId)).json<{ ref: string }>().ref);
      }
      const codes: number[] = [];
      for (const ref of refs) codes.push((await rate({ ref, score: 3 }, '192.0.2.44')).statusCode);
      expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
      expect(codes[20]).toBe(429);
    });
  });
});
