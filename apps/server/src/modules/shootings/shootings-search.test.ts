import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeShooting } from './shootings.fixtures';
import { MANAGER, setup } from './shootings.test-helpers';

// Registrations as people type them (issue 34): spaces, dashes and case never decide whether a car is found.
describe('shootings search by registration', () => {
  let t: Awaited<ReturnType<typeof setup>>;
  let h: Record<string, string>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await setup();
    h = await t.headers(MANAGER);
    const cars = { french: 'SZ-304-AR', spaced: 'ZA 067SK', german: 'TÜ-AB 123', other: 'SZ-305-AR' };
    for (const [name, registration] of Object.entries(cars))
      ids[name] = (await makeShooting(t.adapters, { ownerId: 'own-demo-paris', registration })).shootingId;
  });
  afterAll(async () => t.close());

  const search = async (text: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shootings?shootingTypes=STANDARD&registration=${encodeURIComponent(text)}`,
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: string; registration: string }[]).map((i) => i.id).sort();
  };

  it('finds SZ-304-AR typed without dashes, in lower case or with a space', async () => {
    for (const text of ['SZ304AR', 'sz 304', 'Sz-304-aR', ' sz304 '])
      expect(await search(text), text).toEqual([ids.french]);
  });

  it('finds a registration stored with a space from one typed with dashes', async () => {
    expect(await search('ZA-067-SK')).toEqual([ids.spaced]);
    expect(await search('za067')).toEqual([ids.spaced]);
  });

  it('finds plates with umlauts whatever their case', async () => {
    expect(await search('tü ab123')).toEqual([ids.german]);
  });

  it('finds a fragment shorter than three characters, and a registration changed after creation', async () => {
    expect(await search('z3')).toEqual([ids.french, ids.other].sort());
    // Texts of three characters or more are first looked up by their grams (migration 0060), kept by triggers.
    await t.adapters.db
      .updateTable('shootings')
      .set({ registration: 'SZ-999-QQ' })
      .where('id', '=', ids.other!)
      .execute();
    expect(await search('999q')).toEqual([ids.other]);
    expect(await search('SZ 30')).toEqual([ids.french]);
    await t.adapters.db
      .updateTable('shootings')
      .set({ registration: 'SZ-305-AR' })
      .where('id', '=', ids.other!)
      .execute();
  });

  it('still narrows on a fragment, and an empty or dash-only text lists everything', async () => {
    expect(await search('SZ 30')).toEqual([ids.french, ids.other].sort());
    expect(await search('-')).toHaveLength(4);
  });
});
