import fs from 'node:fs';
import path from 'node:path';
import type {
  MarketplaceDmsPush,
  MarketplaceExportPush,
  MarketplaceProfile,
  MarketplaceReadiness,
} from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { readZip } from '../../test/read-zip';
import { createTestAdapters } from '../../test/test-adapters';
import { drainJobs } from '../images/images.fixtures';
import { makeShooting } from '../shootings/shootings.fixtures';
import { marketplacesJobs } from './marketplaces.jobs';
import { imageBytes } from '../editing/editing.fixtures';
import { addWebhookEndpoint } from '../webhooks/webhooks.fixtures';
import { signExportLink, type ExportLink } from './export-links';
import { secretOf } from './export-push.service';

const ADMIN = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';
const base = (group: string) => `/api/settings/groups/${group}/marketplace-profiles`;

const RULES = {
  lead: 'front_three_quarter',
  order: ['rear_three_quarter'],
  minPictures: 3,
  maxPictures: null,
  minWidth: 1024,
  minHeight: null,
  maxWidth: null,
  maxHeight: null,
  minAspect: null,
  maxAspect: null,
  plateCovered: true,
  stampAllowed: false,
};

describe('marketplace profiles', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let shootingId: string;
  let otherShootingId: string;

  beforeAll(async () => {
    adapters = await createTestAdapters();
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    shootingId = (
      await makeShooting(adapters, {
        ownerId: 'own-demo-paris',
        registration: 'AB-123-CD',
        vin: 'VF1AAAAA123456789',
        images: [
          { position: 1, type: 'ORIGINAL', width: 1600, height: 1200 },
          { position: 1, type: 'STAMPED', width: 1600, height: 1200 },
          { position: 2, type: 'ORIGINAL', width: 800, height: 600 },
          { position: 3, type: 'ORIGINAL_LPC', width: 1600, height: 1200 },
        ],
      })
    ).shootingId;
    otherShootingId = (await makeShooting(adapters, { ownerId: 'own-other-bordeaux', images: [] })).shootingId;
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, email = ADMIN, payload?: object) =>
    app.inject({ method, url, headers: await authHeaders(adapters, email), payload });

  it('lists the four built-in profiles with their sources, and a group copies and edits its own', async () => {
    const list = await call('GET', base('grp-demo'));
    expect(list.statusCode).toBe(200);
    const builtins = list.json().items as MarketplaceProfile[];
    expect(builtins.map((p) => p.id)).toEqual(['mobile-de', 'autoscout24', 'leboncoin', 'autotrader-uk']);
    expect(builtins.find((p) => p.id === 'autotrader-uk')!.sources).toHaveLength(1);
    expect(builtins.find((p) => p.id === 'leboncoin')).toMatchObject({ sources: [], rules: { maxPictures: null } });
    expect(builtins.find((p) => p.id === 'leboncoin')!.notPublic).toContain('plateCovered');
    // AutoScout24's rules, each with the page it comes from, the day it was read and the country it is for.
    const autoscout = builtins.find((p) => p.id === 'autoscout24')!;
    expect(autoscout.rules).toMatchObject({ maxPictures: 30, stampAllowed: false });
    expect(autoscout.notPublic).toEqual(expect.arrayContaining(['plateCovered', 'lead', 'minWidth']));
    expect(autoscout.sources.map((s) => [new URL(s.url).hostname, s.rules, s.country, s.read])).toEqual([
      ['scout24.github.io', ['maxPictures'], null, '2026-11-29'],
      ['guide.autoscout24.ch', ['stampAllowed'], 'CH', '2026-11-29'],
      ['www.autoscout24.ch', ['stampAllowed'], 'CH', '2026-11-29'],
    ]);

    const copy = await call('POST', base('grp-demo'), ADMIN, { baseId: 'mobile-de', name: 'mobile.de (ours)' });
    expect(copy.statusCode).toBe(201);
    const id = copy.json().id as string;
    expect(copy.json()).toMatchObject({ groupId: 'grp-demo', baseId: 'mobile-de', rules: { minPictures: 25 } });

    const edit = await call('PUT', `${base('grp-demo')}/${id}`, ADMIN, { name: 'mobile.de (ours)', rules: RULES });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().rules).toEqual(RULES);

    // Another group sees only the built-ins; its path does not reach the copy; built-ins are read-only.
    expect((await call('GET', base('grp-other'), OTHER)).json().items).toHaveLength(4);
    expect((await call('PUT', `${base('grp-other')}/${id}`, OTHER, { name: 'x', rules: RULES })).statusCode).toBe(404);
    expect((await call('DELETE', `${base('grp-other')}/${id}`, OTHER)).statusCode).toBe(404);
    expect((await call('PUT', `${base('grp-demo')}/mobile-de`, ADMIN, { name: 'x', rules: RULES })).statusCode).toBe(
      404,
    );
    // Settings are for administrators; bad rules are refused with the field named.
    expect((await call('GET', base('grp-demo'), SALES)).statusCode).toBe(403);
    const bad = await call('PUT', `${base('grp-demo')}/${id}`, ADMIN, {
      name: 'x',
      rules: { ...RULES, minPictures: 9, maxPictures: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('maxPictures');
    expect((await call('POST', base('grp-demo'), ADMIN, { baseId: id, name: 'copy of a copy' })).statusCode).toBe(400);
  });

  it('says what is missing for each profile, and an angle correction sticks', async () => {
    const copyId = (
      (await call('GET', base('grp-demo'))).json().items as { id: string; groupId: string | null }[]
    ).find((p) => p.groupId)!.id;
    const ready = await call('GET', `/api/shootings/${shootingId}/marketplaces`, SALES);
    expect(ready.statusCode).toBe(200);
    const ours = (ready.json().items as { profileId: string; ready: boolean; problems: { code: string }[] }[]).find(
      (r) => r.profileId === copyId,
    )!;
    expect(ours.ready).toBe(false);
    const items = ready.json().items as MarketplaceReadiness[];
    // leboncoin publishes no picture rule that we could read: nothing is checked, so nothing is said to be ready.
    expect(items.find((r) => r.profileId === 'leboncoin')).toMatchObject({
      checked: false,
      ready: false,
      problems: [],
      scoped: [],
    });
    // AutoScout24: 3 pictures of at most 30, and position 1 has an unstamped original: ready; the stamp rule is
    // said to be autoscout24.ch's (Switzerland).
    expect(items.find((r) => r.profileId === 'autoscout24')).toEqual({
      profileId: 'autoscout24',
      name: 'AutoScout24',
      checked: true,
      ready: true,
      problems: [],
      scoped: [{ rule: 'stampAllowed', country: 'CH' }],
    });
    expect(items.find((r) => r.profileId === copyId)!.scoped).toEqual([]);
    expect(ours).toMatchObject({ checked: true });
    expect(ours.problems.map((p) => p.code)).toEqual([
      'missing_angle',
      'missing_angle',
      'angle_unknown',
      'plate_visible',
      'angle_unknown',
      'plate_visible',
      'too_narrow',
      'angle_unknown',
    ]);

    const put = (position: number, angle: string) =>
      call('PUT', `/api/shootings/${shootingId}/pictures/${position}/angle`, SALES, { angle });
    expect((await put(3, 'front_three_quarter')).statusCode).toBe(200);
    expect((await put(1, 'interior')).statusCode).toBe(200);
    const after = await put(2, 'rear_three_quarter');
    const problems = (after.json().items as { profileId: string; problems: object[] }[]).find(
      (r) => r.profileId === copyId,
    )!.problems;
    // Picture 1 is the lead (position 3, covered), picture 2 the rear ¾ (800 px, plate showing), then interior.
    expect(problems).toEqual([
      { code: 'plate_visible', picture: 2, angle: 'rear_three_quarter', value: null, limit: null },
      { code: 'too_narrow', picture: 2, angle: 'rear_three_quarter', value: 800, limit: 1024 },
    ]);
    expect(after.json().angles).toEqual([
      { picture: 1, position: 1, angle: 'interior', corrected: true },
      { picture: 2, position: 2, angle: 'rear_three_quarter', corrected: true },
      { picture: 3, position: 3, angle: 'front_three_quarter', corrected: true },
    ]);
    // A recognised angle never overwrites a correction.
    const { setModelAngle } = await import('./marketplaces.repo');
    await setModelAngle(adapters.db, { shooting_id: shootingId, position: 1, angle: 'wheel', updated_at: 'x' });
    expect((await call('GET', `/api/shootings/${shootingId}/marketplaces`, SALES)).json().angles[0].angle).toBe(
      'interior',
    );
    // Another group's shooting or picture answers 404.
    expect((await call('GET', `/api/shootings/${otherShootingId}/marketplaces`, SALES)).statusCode).toBe(404);
    expect((await put(9, 'rear')).statusCode).toBe(404);
    expect((await put(1, 'roof')).statusCode).toBe(400);
  });

  it('exports a zip named and ordered as the profile wants, and a CSV feed', async () => {
    const copyId = (
      (await call('GET', base('grp-demo'))).json().items as { id: string; groupId: string | null }[]
    ).find((p) => p.groupId)!.id;
    const zip = await call('GET', `/api/shootings/${shootingId}/marketplaces/${copyId}/export`, SALES);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('AB-123-CD-mobile_de_ours.zip');
    const entries = await readZip(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(['AB-123-CD_01.jpg', 'AB-123-CD_02.jpg', 'AB-123-CD_03.jpg']);
    // The lead is position 3's covered picture, and position 1 sends its unstamped original (stamps refused).
    const file = async (position: number, type: string) => {
      const bytes = await imageBytes(adapters, shootingId, position, type);
      if (!bytes) throw new Error(`no ${type} picture at position ${position}`);
      return bytes;
    };
    expect(entries[0]!.data.equals(await file(3, 'ORIGINAL_LPC'))).toBe(true);
    expect(entries[1]!.data.equals(await file(2, 'ORIGINAL'))).toBe(true);
    expect(entries[2]!.data.equals(await file(1, 'ORIGINAL'))).toBe(true);

    const csv = await call('GET', `/api/shootings/${shootingId}/marketplaces/${copyId}/export?format=csv`, SALES);
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.trim().split('\r\n');
    expect(header).toBe('registration,vin,picture_1,picture_2,picture_3');
    expect(line!.split(',').slice(0, 2)).toEqual(['AB-123-CD', 'VF1AAAAA123456789']);
    expect(
      line!
        .split(',')
        .slice(2)
        .every((u) => u.startsWith('http')),
    ).toBe(true);

    // The same feed as XML: the pictures' URLs in the same order, each with its place and angle, escaped.
    const xml = await call('GET', `/api/shootings/${shootingId}/marketplaces/${copyId}/export?format=xml`, SALES);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.headers['content-disposition']).toContain('AB-123-CD-mobile_de_ours.xml');
    expect(xml.body).toContain('<registration>AB-123-CD</registration>');
    expect(xml.body).toContain('<vin>VF1AAAAA123456789</vin>');
    const pictures = [...xml.body.matchAll(/<picture position="(\d+)"( angle="[a-z_]+")?>([^<]+)<\/picture>/g)];
    expect(pictures.map((m) => m[1])).toEqual(['1', '2', '3']);
    const unescape = (u: string) => u.replace(/&amp;/g, '&');
    const withoutSignature = (u: string) => u.split('?')[0];
    expect(pictures.map((m) => withoutSignature(unescape(m[3]!)))).toEqual(
      line!.split(',').slice(2).map(withoutSignature),
    );
    expect(pictures.every((m) => !/&(?!amp;)/.test(m[3]!))).toBe(true);

    // AutoScout24 refuses added texts and logos: its zip sends position 1's original, not the stamped picture.
    const autoscout = await readZip(
      (await call('GET', `/api/shootings/${shootingId}/marketplaces/autoscout24/export`, SALES)).rawPayload,
    );
    expect(autoscout.map((e) => e.name)).toEqual(['AB-123-CD_01.jpg', 'AB-123-CD_02.jpg', 'AB-123-CD_03.jpg']);
    expect(autoscout[0]!.data.equals(await file(1, 'ORIGINAL'))).toBe(true);

    expect((await call('GET', `/api/shootings/${shootingId}/marketplaces/nope/export`, SALES)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/shootings/${otherShootingId}/marketplaces/mobile-de/export`, SALES)).statusCode,
    ).toBe(404);
  });

  it('pushes an export to the group’s webhook endpoints with signed links that open it for a day, not after', async () => {
    await addWebhookEndpoint(adapters.db, {
      id: 'ep-feeds',
      url: 'https://feeds.example.com/hooks',
      eventTypes: ['marketplace.export.ready'],
    });
    const push = await call('POST', `/api/shootings/${shootingId}/marketplaces/mobile-de/push`, SALES);
    expect(push.statusCode).toBe(200);
    const pushed = push.json<MarketplaceExportPush>();
    // What the portal tells the person: sent to one endpoint, as many pictures as the zip holds.
    expect(pushed.endpoints).toBe(1);
    const event = await adapters.db
      .selectFrom('webhook_events')
      .selectAll()
      .where('id', '=', pushed.eventId)
      .executeTakeFirstOrThrow();
    expect(event.type).toBe('marketplace.export.ready');
    expect(JSON.parse(event.body).data).toMatchObject({ shootingId, registration: 'AB-123-CD', files: pushed.files });

    const open = (url: string) => app.inject({ method: 'GET', url: url.slice(adapters.config.PUBLIC_URL.length) });
    const zip = await open(pushed.files.zip);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect((await readZip(zip.rawPayload)).length).toBe(pushed.pictures);
    const csv = await open(pushed.files.csv);
    expect(csv.body.split('\r\n')[0]).toMatch(/^registration,vin,picture_1/);
    expect((await open(pushed.files.xml)).body).toContain('<registration>AB-123-CD</registration>');
    // A link changed by one character, signed for another owner, or expired opens nothing.
    const token = new URL(pushed.files.csv).searchParams.get('token')!;
    const link = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as ExportLink;
    const secret = await secretOf(adapters);
    for (const bad of [
      `${token}x`,
      `${Buffer.from(JSON.stringify({ ...link, ownerId: 'own-other-bordeaux' })).toString('base64url')}.${token.split('.')[1]}`,
      signExportLink(secret, { ...link, exp: Math.floor(Date.now() / 1000) - 1 }),
    ])
      expect(
        (await app.inject({ method: 'GET', url: '/api/marketplace-exports', query: { token: bad } })).statusCode,
      ).toBe(404);
    // Out of scope: 404, and nothing is pushed.
    expect(
      (await call('POST', `/api/shootings/${otherShootingId}/marketplaces/mobile-de/push`, SALES)).statusCode,
    ).toBe(404);
  });

  it('pushes an export through the group’s DMS driver: the pictures in the profile’s order, named as in its zip', async () => {
    const url = `/api/shootings/${shootingId}/marketplaces/mobile-de/push-dms`;
    expect((await call('POST', url, OTHER)).statusCode).toBe(404);
    const queued = await call('POST', url, ADMIN);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toEqual({ status: 'PENDING', pictures: expect.any(Number), driver: 'folder' });
    await drainJobs(adapters, [marketplacesJobs(adapters).pushDms]);
    const dir = path.join(adapters.dataDir, 'dms-exports', 'own-demo-paris', 'AB-123-CD');
    const zip = await readZip(
      (await call('GET', `/api/shootings/${shootingId}/marketplaces/mobile-de/export`)).rawPayload,
    );
    expect(fs.readdirSync(dir).sort()).toEqual([...zip.map((e) => e.name), 'manifest.json'].sort());
    expect(queued.json<MarketplaceDmsPush>().pictures).toBe(zip.length);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
      registration: string;
      images: { order: number; file: string }[];
    };
    expect(manifest.registration).toBe('AB-123-CD');
    expect(manifest.images.map((i) => i.file)).toEqual(zip.map((e) => e.name));
    const delivery = await adapters.db
      .selectFrom('dms_deliveries')
      .selectAll()
      .where('group_id', '=', 'grp-demo')
      .execute();
    expect(delivery.map((d) => d.status)).toContain('OK');
  });
});
