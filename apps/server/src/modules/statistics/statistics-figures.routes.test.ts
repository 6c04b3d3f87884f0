import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { demoUser } from '../../seed/demo-accounts';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { makeShooting } from '../players/players.fixtures';
import { recordMeetingHeld } from './statistics.service';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';
/** The figures of a stock or a period where nothing happened; a test spreads in what did. */
const NOTHING = { playerViews: 0, emailShares: 0, smsShares: 0, ratings: 0, averageRating: null, liveMeetings: 0 };

describe('GET /api/users/{id}/statistics', () => {
  const clock = new TestClock('2026-11-20T10:00:00Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let manager: Record<string, string>;
  const me = demoUser(MANAGER).id;

  const refOf = async (shootingId: string, headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `/api/shootings/${shootingId}/marketplaces/FORECOURT`, headers })).json<{
      ref: string;
    }>().ref;
  const watch = (ref: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/videos/notification',
      payload: { ref, notification: 'watched' },
      remoteAddress: ip,
    });
  const rate = (ref: string, score: number, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/API/V1/panorama-shootings/scorings',
      payload: { ref, score },
      remoteAddress: ip,
    });
  const share = (ref: string, sharingType: 'EMAIL' | 'SMS') =>
    app.inject({
      method: 'POST',
      url: `/api/users/${me}/statistics/players/${ref}/shared`,
      headers: manager,
      payload: { source: 'WEB', sharingType },
    });
  const figures = (query: string, headers = manager, userId = me) =>
    app.inject({ method: 'GET', url: `/api/users/${userId}/statistics?${query}`, headers });

  beforeAll(async () => {
    adapters = await createTestAdapters({}, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    manager = await authHeaders(adapters, MANAGER);
    const paris = await refOf(
      (await makeShooting(adapters, { ownerId: 'own-demo-paris', type: 'VIDEO' })).shootingId,
      manager,
    );
    const lyon = await refOf((await makeShooting(adapters, { ownerId: 'own-demo-lyon' })).shootingId, manager);
    const other = await refOf(
      (await makeShooting(adapters, { ownerId: 'own-other-bordeaux' })).shootingId,
      await authHeaders(adapters, OTHER),
    );

    // 20 November, 10:00 UTC (11:00 in Paris).
    for (const r of await Promise.all([
      watch(paris, '198.51.100.1'),
      watch(paris, '198.51.100.2'),
      watch(lyon, '198.51.100.3'),
      watch(other, '198.51.100.4'),
    ])) {
      expect(r.statusCode).toBe(200);
    }
    for (const r of await Promise.all([share(paris, 'EMAIL'), share(paris, 'EMAIL'), share(lyon, 'SMS')]))
      expect(r.statusCode).toBe(204);
    for (const r of await Promise.all([
      rate(paris, 5, '198.51.100.1'),
      rate(paris, 3, '198.51.100.2'),
      rate(lyon, 4, '198.51.100.3'),
      rate(other, 1, '198.51.100.4'),
    ])) {
      expect(r.statusCode).toBe(201);
    }
    // A live meeting in a Lyon room (recorded twice, as when someone rejoins: counted once) and its rating.
    await adapters.db
      .insertInto('live_rooms')
      .values({
        id: 'room-lyon',
        owner_id: 'own-demo-lyon',
        user_id: me,
        session_name: 'Visio',
        room_name: 'room-lyon-name',
        appointment_date: '2026-11-20 10:00:00',
        meeting_code: 'c0de',
        created_at: clock.now().toISOString(),
      })
      .execute();
    await recordMeetingHeld(adapters, 'room-lyon');
    await recordMeetingHeld(adapters, 'room-lyon');
    await adapters.db
      .insertInto('ratings')
      .values({
        id: 'live-rating',
        kind: 'LIVE',
        target: 'room-lyon',
        visitor: 'v',
        score: 2,
        comment: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    // 20 November, 23:30 UTC: already the 21st in Paris.
    clock.advance(13.5 * 3600_000);
    expect((await watch(paris, '198.51.100.5')).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  it('counts views, shares by channel, ratings and live meetings of every stock of the caller, per stock and per day of their time zone', async () => {
    const res = await figures('from=2026-11-19&to=2026-11-21&timeZone=Europe/Paris');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.group).toEqual({ id: 'grp-demo', name: 'Garage Demo Group' });
    // Ratings of the players and of the live call: (5 + 3 + 4 + 2) / 4.
    expect(body.totals).toEqual({
      playerViews: 4,
      emailShares: 2,
      smsShares: 1,
      ratings: 4,
      averageRating: 3.5,
      liveMeetings: 1,
    });
    expect(body.owners.map((o: { name: string }) => o.name)).toEqual([
      'Demo Motors Lille',
      'Demo Motors Lyon',
      'Demo Motors Paris',
    ]);
    const paris = body.owners.find((o: { ownerId: string }) => o.ownerId === 'own-demo-paris');
    expect(paris.figures).toEqual({ ...NOTHING, playerViews: 3, emailShares: 2, ratings: 2, averageRating: 4 });
    const lille = body.owners.find((o: { ownerId: string }) => o.ownerId === 'own-demo-lille');
    expect(lille.figures).toEqual(NOTHING);
    expect(body.days.map((d: { date: string; playerViews: number }) => [d.date, d.playerViews])).toEqual([
      ['2026-11-19', 0],
      ['2026-11-20', 3],
      ['2026-11-21', 1],
    ]);
    expect(body.days[1]).toMatchObject({ emailShares: 2, smsShares: 1, ratings: 4, liveMeetings: 1 });
  });

  it('counts by the days of the asked time zone: the late view is on the 20th in UTC and outside a period ending then in Paris', async () => {
    const utc = (await figures('from=2026-11-20&to=2026-11-20')).json();
    expect(utc.timeZone).toBe('UTC');
    expect(utc.totals.playerViews).toBe(4);
    const paris = (await figures('from=2026-11-20&to=2026-11-20&timeZone=Europe/Paris')).json();
    expect(paris.totals.playerViews).toBe(3);
    const empty = (await figures('from=2026-11-22&to=2026-11-28&timeZone=Europe/Paris')).json();
    expect(empty.totals).toEqual(NOTHING);
    expect(empty.days).toHaveLength(7);
  });

  it('narrows to one stock of the caller; another dealer’s stock or another user’s figures answer 404', async () => {
    const lyon = (await figures('from=2026-11-20&to=2026-11-21&ownerId=own-demo-lyon')).json();
    expect(lyon.totals).toEqual({
      ...NOTHING,
      playerViews: 1,
      smsShares: 1,
      ratings: 2,
      averageRating: 3,
      liveMeetings: 1,
    });
    expect(lyon.owners.map((o: { ownerId: string }) => o.ownerId)).toEqual(['own-demo-lyon']);
    expect((await figures('from=2026-11-20&to=2026-11-21&ownerId=own-other-bordeaux')).statusCode).toBe(404);
    expect((await figures('from=2026-11-20&to=2026-11-21', manager, demoUser(SALES).id)).statusCode).toBe(404);
    // The sales account reaches Paris and Lyon only: Lille is not theirs.
    const sales = await authHeaders(adapters, SALES);
    expect(
      (await figures('from=2026-11-20&to=2026-11-21&ownerId=own-demo-lille', sales, demoUser(SALES).id)).statusCode,
    ).toBe(404);
    const other = (
      await figures('from=2026-11-20&to=2026-11-21', await authHeaders(adapters, OTHER), demoUser(OTHER).id)
    ).json();
    expect(other.totals).toMatchObject({ playerViews: 1, ratings: 1, averageRating: 1, emailShares: 0 });
  });

  it('refuses a period that is not one, too long, or a time zone that does not exist; and anyone not signed in', async () => {
    for (const query of [
      'from=2026-11-21&to=2026-11-20',
      'from=2025-01-01&to=2026-11-20',
      'from=2026-02-30&to=2026-03-02',
      'from=2026-11-20&to=2026-11-21&timeZone=Mars/Olympus',
      'to=2026-11-21',
    ]) {
      const res = await figures(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/users/${me}/statistics?from=2026-11-20&to=2026-11-21` }))
        .statusCode,
    ).toBe(401);
  });
});
