import { beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, authHeaders } from '../../test/auth-helpers';
import { demoUser } from '../../seed/demo-accounts';
import { makeGroupStamp } from '../images/images.fixtures';
import { useTestApp } from '../../test/test-app';

const MANAGER = 'manager@demo.forecourt.test';

describe('stamps', () => {
  const t = useTestApp();
  let manager: Record<string, string>;
  const ids: Record<string, string> = {};
  const managerId = demoUser(MANAGER).id;

  beforeAll(async () => {
    manager = await authHeaders(t.adapters, MANAGER);
    ids.wide = await makeGroupStamp(t.adapters, { groupId: 'grp-demo', name: 'Wide', format: '16/9' });
    ids.square = await makeGroupStamp(t.adapters, {
      groupId: 'grp-demo',
      name: 'Classic',
      format: '4/3',
      width: 400,
      height: 300,
    });
    ids.foreign = await makeGroupStamp(t.adapters, { groupId: 'grp-other', name: 'Foreign', format: '16/9' });
    await t.adapters.db
      .insertInto('stamp_configurations')
      .values({
        stamp_id: ids.wide,
        cropping_type: 'FADED_CROPPING',
        background_key: 'stamps/bg.jpg',
        blurring_value: 3,
        floor_level: 72,
      })
      .execute();
  });

  it('lists only the stamps of the user group, filtered by format, with presigned overlay URLs', async () => {
    const all = await t.app.inject({ method: 'GET', url: `/api/users/${managerId}/stamps`, headers: manager });
    expect(all.json().map((s: { name: string }) => s.name)).toEqual(['Classic', 'Wide']);
    const wide = await t.app.inject({
      method: 'GET',
      url: `/api/users/${managerId}/stamps?formats=16/9`,
      headers: manager,
    });
    expect(wide.json()).toEqual([
      {
        id: ids.wide,
        name: 'Wide',
        format: '16/9',
        url: expect.stringMatching(/^\/blobs\/stamps\/.+\?op=get&exp=\d+.*&sig=/),
      },
    ]);
    const overlay = await t.app.inject({ method: 'GET', url: wide.json()[0].url });
    expect(overlay.statusCode).toBe(200);
    expect(overlay.headers['content-type']).toBe('image/png');
  });

  it('answers the second API client with a bearer token alone', async () => {
    const token = await accessTokenFor(t.adapters, managerId);
    const res = await t.app.inject({
      method: 'GET',
      url: `/API/V1/forecourt/users/${managerId}/stamps?formats=4/3`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { id: string }) => s.id)).toEqual([ids.square]);
  });

  it("refuses another user's list and another group's stamp", async () => {
    const other = demoUser('other@other-dealer.forecourt.test').id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${other}/stamps`, headers: manager })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/stamps/${ids.foreign}`, headers: manager })).statusCode,
    ).toBe(404);
  });

  it('gives the cropping configuration with its floor level, with defaults for a stamp without one', async () => {
    const configured = await t.app.inject({ method: 'GET', url: `/api/stamps/${ids.wide}`, headers: manager });
    expect(configured.json()).toEqual({
      id: ids.wide,
      croppingConfiguration: {
        background: expect.stringContaining('/blobs/stamps/bg.jpg?'),
        blurringValue: 3,
        croppingType: 'FADED_CROPPING',
        floorLevel: 72,
      },
    });
    const plain = await t.app.inject({ method: 'GET', url: `/api/stamps/${ids.square}`, headers: manager });
    expect(plain.json()).toEqual({
      id: ids.square,
      croppingConfiguration: { background: null, blurringValue: 0, croppingType: 'CROPPING', floorLevel: 60 },
    });
  });
});
