import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, authHeaders } from '../../test/auth-helpers';
import { demoUser } from '../../seed/demo-accounts';
import { useTestApp } from '../../test/test-app';
import { buildApp } from '../../app';
import { API_KEY_HEADER } from '../identity/auth';
import { zipArchive } from '../images/images.fixtures';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();
const stock = {
  name: 'Garage du Port',
  label: 'Port',
  // A title per language where the stock gives them: the player shows the visitor's (issue 34 point 10).
  contactInformation: [
    { title: 'Address', value: '1 quai des Docks, Marseille', titles: { fr: 'Adresse', es: 'Dirección' } },
  ],
  contactPhone: '+33 4 91 00 00 00',
};

describe('settings: dealer groups and stocks', () => {
  const t = useTestApp();
  let admin: Record<string, string>;
  let sales: Record<string, string>;

  beforeAll(async () => {
    admin = await authHeaders(t.adapters, MANAGER);
    sales = await authHeaders(t.adapters, SALES);
  });

  it('is for provider administrators and customer success only', async () => {
    for (const [method, url] of [
      ['GET', '/api/settings/groups'],
      ['POST', '/api/settings/groups'],
      ['GET', '/api/settings/groups/grp-demo/stocks'],
      ['POST', '/api/settings/groups/grp-demo/deactivate'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: sales,
        payload: method === 'POST' ? { name: 'X' } : undefined,
      });
      expect(res.statusCode, url).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  const createGroup = (name: string) =>
    t.app.inject({ method: 'POST', url: '/api/settings/groups', headers: admin, payload: { name } });

  it('creates, renames and lists groups, with an audit entry for each change', async () => {
    const created = await createGroup('Autos Sud');
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({ name: 'Autos Sud', active: true, stockCount: 0, userCount: 0 });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/groups/${id}`,
      headers: admin,
      payload: { name: 'Autos du Sud' },
    });
    expect(renamed.json()).toMatchObject({ id, name: 'Autos du Sud' });
    const list = await t.app.inject({ method: 'GET', url: '/api/settings/groups', headers: admin });
    expect(list.json().map((g: { name: string }) => g.name)).toContain('Autos du Sud');
    const entries = await t.adapters.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .orderBy('at')
      .execute();
    expect(entries.map((e) => [e.action, e.actor_id])).toEqual([
      ['group.create', demoUser(MANAGER).id],
      ['group.rename', demoUser(MANAGER).id],
    ]);
    expect(JSON.parse(entries[1]!.before!)).toMatchObject({ name: 'Autos Sud' });
    expect(JSON.parse(entries[1]!.after!)).toMatchObject({ name: 'Autos du Sud' });
    expect(entries[1]!.client_address).toBeTruthy();
  });

  it('refuses a second group of the same name, whatever its letter case, when created or renamed', async () => {
    const first = await createGroup('Autos Est');
    expect(first.statusCode).toBe(201);
    const twin = await createGroup('autos EST');
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'GROUP_NAME_TAKEN', field: 'name' },
    });
    const { id } = (await createGroup('Autos Ouest')).json<{ id: string }>();
    const rename = (groupId: string, name: string) =>
      t.app.inject({ method: 'PUT', url: `/api/settings/groups/${groupId}`, headers: admin, payload: { name } });
    expect((await rename(id, 'AUTOS EST')).json().error.details.reason).toBe('GROUP_NAME_TAKEN');
    // A group keeps its own name in another case.
    expect((await rename(first.json<{ id: string }>().id, 'AUTOS EST')).statusCode).toBe(200);
    const names = (await t.app.inject({ method: 'GET', url: '/api/settings/groups', headers: admin }))
      .json<{ name: string }[]>()
      .map((g) => g.name.toLowerCase());
    expect(names.filter((n) => n === 'autos est')).toHaveLength(1);
    expect(names).toContain('autos ouest');
  });

  it('refuses a blank name with a validation error and a missing group with 404', async () => {
    const blank = await createGroup('  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.code).toBe('VALIDATION_ERROR');
    const missing = await t.app.inject({ method: 'GET', url: '/api/settings/groups/nope/stocks', headers: admin });
    expect(missing.statusCode).toBe(404);
  });

  it("a deactivated group's users are refused at once, with tokens already issued; reactivated, they come back", async () => {
    const other = await authHeaders(t.adapters, OTHER);
    const bearer = { authorization: `Bearer ${await accessTokenFor(t.adapters, demoUser(OTHER).id)}` };
    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/users/me/account', headers });
    expect((await me(other)).statusCode).toBe(200);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/settings/groups/grp-other/deactivate',
      headers: admin,
    });
    expect(off.json()).toMatchObject({ id: 'grp-other', active: false });
    expect((await me(other)).statusCode).toBe(401);
    const second = await t.app.inject({
      method: 'GET',
      url: `/API/V1/forecourt/users/${demoUser(OTHER).id}/stamps`,
      headers: bearer,
    });
    expect(second.statusCode).toBe(401);
    // Nothing was deleted: the group's stocks and users are still there.
    expect(
      await t.adapters.db.selectFrom('users').select('id').where('group_id', '=', 'grp-other').execute(),
    ).not.toEqual([]);
    await t.app.inject({ method: 'POST', url: '/api/settings/groups/grp-other/reactivate', headers: admin });
    expect((await me(other)).statusCode).toBe(200);
    expect(other[API_KEY_HEADER]).toBeTruthy();
  });

  it('a deactivation counts at once on another API process, whose user context cache held the user', async () => {
    const second = await buildApp(t.adapters);
    try {
      const other = await authHeaders(t.adapters, OTHER);
      const me = () => second.inject({ method: 'GET', url: '/api/users/me/account', headers: other });
      expect((await me()).statusCode).toBe(200);
      await t.app.inject({ method: 'POST', url: '/api/settings/groups/grp-other/deactivate', headers: admin });
      expect((await me()).statusCode).toBe(401);
      await t.app.inject({ method: 'POST', url: '/api/settings/groups/grp-other/reactivate', headers: admin });
      expect((await me()).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('creates and edits a stock with its contact card, logo and plate cover', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/settings/groups/grp-demo/stocks',
      headers: admin,
      payload: stock,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    expect(created.json()).toMatchObject({
      ...stock,
      contactPhone: '+33491000000',
      logoUrl: null,
      plateCoverUrl: null,
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/groups/grp-demo/stocks/${id}`,
      headers: admin,
      payload: { ...stock, label: 'Vieux-Port', contactPhone: '' },
    });
    expect(edited.json()).toMatchObject({ label: 'Vieux-Port', contactPhone: null });
    const unknownLanguage = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/groups/grp-demo/stocks/${id}`,
      headers: admin,
      payload: { ...stock, contactInformation: [{ title: 'Address', value: 'x', titles: { xx: 'Adres' } }] },
    });
    expect(unknownLanguage.statusCode).toBe(400);
    const logo = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/groups/grp-demo/stocks/${id}/logo`,
      headers: admin,
      payload: { data: (await png(120, 40)).toString('base64') },
    });
    expect(logo.statusCode).toBe(200);
    const fetched = await t.app.inject({ method: 'GET', url: logo.json().logoUrl });
    expect(await sharp(fetched.rawPayload).metadata()).toMatchObject({ format: 'png', width: 120, height: 40 });
    const cover = await t.app.inject({
      method: 'PUT',
      url: `/api/settings/groups/grp-demo/stocks/${id}/plate-cover`,
      headers: admin,
      payload: { data: `data:image/png;base64,${(await png(520, 110)).toString('base64')}` },
    });
    expect(cover.json().plateCoverUrl).toMatch(/^\/blobs\/owners\//);
    // The player's card reads the same row.
    const row = await t.adapters.db.selectFrom('owners').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.contact_information)).toEqual(stock.contactInformation);
    expect(row.logo_key).toMatch(/^owners\/.+\/logo-.+\.png$/);
  });

  it('refuses a JPEG+ZIP logo and a PNG+ZIP plate cover as damaged images, and keeps the images there', async () => {
    const zip = zipArchive('payload.html', Buffer.from('<script>alert(1)</script>'), Buffer.from([0x20, 0xff, 0xd9]));
    const jpeg = await sharp(await png(120, 40))
      .jpeg()
      .toBuffer();
    const cover = await png(520, 110);
    const before = await t.adapters.db
      .selectFrom('owners')
      .select(['logo_key', 'plate_cover_key'])
      .where('id', '=', 'own-demo-lyon')
      .executeTakeFirstOrThrow();
    for (const [image, bytes] of [
      ['logo', Buffer.concat([jpeg, zip])],
      // Ending with the PNG's own IEND chunk again, as a crafted polyglot does.
      ['plate-cover', Buffer.concat([cover, zip, cover.subarray(-12)])],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/settings/groups/grp-demo/stocks/own-demo-lyon/${image}`,
        headers: admin,
        payload: { data: bytes.toString('base64') },
      });
      expect(res.statusCode).toBe(400);
      // The answer of any damaged picture, which the portal shows as settings.errors.image.
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'The image is damaged',
        details: { field: 'image', reason: 'CORRUPT_IMAGE' },
      });
    }
    const after = await t.adapters.db
      .selectFrom('owners')
      .select(['logo_key', 'plate_cover_key'])
      .where('id', '=', 'own-demo-lyon')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses a file that is not an image, a bad phone, and a stock of another group', async () => {
    const url = '/api/settings/groups/grp-demo/stocks/own-demo-lyon/logo';
    const text = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { data: Buffer.from('not an image at all').toString('base64') },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe('VALIDATION_ERROR');
    const truncated = (await png(200, 200)).subarray(0, 60);
    const damaged = await t.app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { data: truncated.toString('base64') },
    });
    expect(damaged.statusCode).toBe(400);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/settings/groups/grp-demo/stocks',
      headers: admin,
      payload: { ...stock, contactPhone: 'call us' },
    });
    expect(phone.statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/groups/grp-demo/stocks/own-other-bordeaux',
      headers: admin,
      payload: stock,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
