import { BEACON_PATH } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { makeShooting } from '../players/players.fixtures';
import { applyRetention } from './beacon.service';

const MANAGER = 'manager@demo.forecourt.test';

describe('the player beacon', () => {
  const ctx = useTestApp();
  let n = 0;

  /** A personal link of a fresh shooting's player: its reference and the recipient's token. */
  const personal = async () => {
    const { shootingId } = await makeShooting(ctx.adapters, { ownerId: 'own-demo-paris' });
    const headers = await authHeaders(ctx.adapters, MANAGER);
    const { ref } = (
      await ctx.app.inject({ method: 'GET', url: `/api/shootings/${shootingId}/marketplaces/FORECOURT`, headers })
    ).json<{ ref: string }>();
    const link = await ctx.app.inject({
      method: 'POST',
      url: '/api/engagement/links',
      headers,
      payload: { ref, name: 'Mr Martin' },
    });
    return { ref, token: link.json<{ token: string }>().token };
  };
  const batch = (ref: string, token: string, events: object[], seq = 0, visit = `visit-${++n}-abcdef`) => ({
    ref,
    token,
    visit,
    seq,
    device: 'phone',
    events,
  });
  const post = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: BEACON_PATH,
      headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
      payload: JSON.stringify(payload),
    });
  const visits = (token: string) =>
    ctx.adapters.db.selectFrom('engagement_visits').selectAll().where('token', '=', token).execute();
  const angles = (token: string) =>
    ctx.adapters.db
      .selectFrom('engagement_angles')
      .select(['frame', 'ms'])
      .where('token', '=', token)
      .orderBy('frame')
      .execute();

  it('records a visit as sendBeacon posts it, and a retried batch counts once', async () => {
    const { ref, token } = await personal();
    const first = batch(ref, token, [
      { k: 'open' },
      { k: 'visible', ms: 4000 },
      { k: 'angle', i: 0, ms: 1500 },
      { k: 'angle', i: 3, ms: 2500 },
      { k: 'angle', i: 0, ms: 500 },
    ]);
    expect((await post(first)).statusCode).toBe(204);
    expect((await post(first)).statusCode).toBe(204);
    const second = {
      ...first,
      seq: 1,
      events: [
        { k: 'visible', ms: 6000 },
        { k: 'angle', i: 3, ms: 1000 },
        { k: 'hotspot', id: 'dmg-1' },
        { k: 'video', share: 0.6 },
        { k: 'video', share: 0.4 },
        { k: 'rating', score: 4 },
        { k: 'contact', via: 'phone' },
      ],
    };
    expect((await post(second)).statusCode).toBe(204);
    expect((await post(second)).statusCode).toBe(204);
    const [visit] = await visits(token);
    expect(visit).toMatchObject({ device: 'phone', visible_ms: 10_000, video_share: 0.6, rating: 4, contacts: 1 });
    expect(await angles(token)).toEqual([
      { frame: 0, ms: 2000 },
      { frame: 3, ms: 3500 },
    ]);
    const moments = await ctx.adapters.db
      .selectFrom('engagement_moments')
      .select(['kind', 'detail'])
      .where('token', '=', token)
      .execute();
    expect(moments.map((m) => `${m.kind}:${m.detail}`).sort()).toEqual(['CONTACT:phone', 'HOTSPOT:dmg-1', 'RATING:4']);
  });

  it('refuses what is not a valid batch, and a batch over 4 KB unread', async () => {
    const { ref, token } = await personal();
    const bad = [
      batch(ref, token, []),
      batch(ref, token, [{ k: 'angle', i: -1, ms: 10 }]),
      batch(ref, token, [{ k: 'visible', ms: 3_600_000 }]),
      batch(ref, token, [{ k: 'rating', score: 9 }]),
      batch(ref, token, [{ k: 'unknown' }]),
      { ...batch(ref, token, [{ k: 'open' }]), device: 'fridge' },
      { ...batch(ref, token, [{ k: 'open' }]), token: 'short' },
    ];
    for (const b of bad) expect((await post(b)).statusCode, JSON.stringify(b)).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: BEACON_PATH,
          headers: { 'content-type': 'text/plain' },
          payload: '{',
        })
      ).statusCode,
    ).toBe(400);
    const large = batch(
      ref,
      token,
      Array.from({ length: 40 }, () => ({ k: 'hotspot', id: 'x'.repeat(100) })),
    );
    expect((await post(large)).statusCode).toBe(413);
    expect(await visits(token)).toEqual([]);
  });

  it('records nothing for a forged token, nor for a token of another player, and refuses an address that keeps guessing', async () => {
    const a = await personal();
    const b = await personal();
    expect((await post(batch(a.ref, b.token, [{ k: 'open' }]))).statusCode).toBe(204);
    expect((await post(batch(a.ref, 'ForgedTokenForgedToken', [{ k: 'open' }]))).statusCode).toBe(204);
    expect(await visits(b.token)).toEqual([]);
    expect(await visits('ForgedTokenForgedToken')).toEqual([]);
    const codes: number[] = [];
    for (let i = 0; i < 22; i++)
      codes.push((await post(batch(a.ref, `Guess${i}GuessGuessGuess`, [{ k: 'open' }]))).statusCode);
    expect(codes.at(-1)).toBe(429);
    // A real recipient is not refused with them (its batches are limited per link).
    expect((await post(batch(a.ref, a.token, [{ k: 'open' }]))).statusCode).toBe(204);
    expect(await visits(a.token)).toHaveLength(1);
  });

  it('records nothing under Global Privacy Control, and an opt-out erases what the visit recorded', async () => {
    const { ref, token } = await personal();
    expect((await post(batch(ref, token, [{ k: 'open' }]), { 'sec-gpc': '1' })).statusCode).toBe(204);
    expect(await visits(token)).toEqual([]);
    const visit = 'opting-out-visit';
    await post(batch(ref, token, [{ k: 'open' }, { k: 'angle', i: 1, ms: 900 }], 0, visit));
    expect(await visits(token)).toHaveLength(1);
    const alerts = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/engagement/alerts',
          headers: await authHeaders(ctx.adapters, MANAGER),
        })
      ).json<{ items: { id: string }[] }>().items.length;
    const alerted = await alerts();
    expect(alerted).toBeGreaterThan(0);
    expect((await post(batch(ref, token, [{ k: 'optout' }], 1, visit))).statusCode).toBe(204);
    expect(await visits(token)).toEqual([]);
    expect(await angles(token)).toEqual([]);
    // Nor does the salesperson's notification centre keep "Mr Martin is looking at…" from a visit that opted out.
    expect(await alerts()).toBe(alerted - 1);
  });

  it('keeps visits ENGAGEMENT_RETENTION_DAYS (395 by default), then removes them', async () => {
    const { ref, token } = await personal();
    await post(batch(ref, token, [{ k: 'open' }, { k: 'angle', i: 2, ms: 300 }]));
    expect(ctx.adapters.config.ENGAGEMENT_RETENTION_DAYS).toBe(395);
    const clock = { ...ctx.adapters, clock: { now: () => new Date(Date.now() + 394 * 86_400_000) } };
    await applyRetention(clock);
    expect(await visits(token)).toHaveLength(1);
    await applyRetention({ ...ctx.adapters, clock: { now: () => new Date(Date.now() + 396 * 86_400_000) } });
    expect(await visits(token)).toEqual([]);
    expect(await angles(token)).toEqual([]);
  });
});
