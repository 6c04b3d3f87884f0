import { BEACON_PATH, type EngagementResponse, type FunnelResponse } from '@forecourt/contracts';
import { describe, expect, it } from 'vitest';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { makeShooting } from '../players/players.fixtures';

const MANAGER = 'manager@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';
const OWNER = 'own-demo-paris';

describe('engagement reads: the panel, the vehicle, the funnel and its CSV', () => {
  const ctx = useTestApp();
  let n = 0;

  /** A shooting of eight spin frames with two personal links: Mr Martin spins and rates, =Evil only opens. */
  const shared = async () => {
    const images = Array.from({ length: 8 }, (_, i) => ({ position: i, type: 'STAMPED' }));
    const shooting = await makeShooting(ctx.adapters, { ownerId: OWNER, images });
    const headers = await authHeaders(ctx.adapters, MANAGER);
    const { ref } = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/shootings/${shooting.shootingId}/marketplaces/FORECOURT`,
        headers,
      })
    ).json<{ ref: string }>();
    const link = async (name: string) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/engagement/links', headers, payload: { ref, name } })).json<{
        token: string;
      }>().token;
    const martin = await link('Mr Martin');
    const evil = await link('=HYPERLINK("x")');
    const beacon = (token: string, seq: number, events: object[]) =>
      ctx.app.inject({
        method: 'POST',
        url: BEACON_PATH,
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify({ ref, token, visit: `visit-${++n}-abcdef`, seq, device: 'phone', events }),
      });
    await beacon(martin, 0, [
      { k: 'open' },
      { k: 'visible', ms: 12_000 },
      ...[0, 1, 2, 3, 4].map((i) => ({ k: 'angle', i, ms: 2000 + i })),
      { k: 'hotspot', id: 'dmg-1' },
      { k: 'rating', score: 5 },
    ]);
    await beacon(evil, 0, [{ k: 'open' }, { k: 'visible', ms: 3000 }]);
    const path = `/api/owners/${OWNER}/products/${shooting.productId}/shootings/${shooting.shootingId}/engagement`;
    return { ...shooting, ref, martin, evil, path, headers };
  };

  it('shows each recipient of a shooting with its sender, visits, angles and moments; a foreign shooting is 404', async () => {
    const s = await shared();
    const res = await ctx.app.inject({ method: 'GET', url: s.path, headers: s.headers });
    expect(res.statusCode).toBe(200);
    const { recipients } = res.json<EngagementResponse>();
    expect(recipients.map((r) => r.name).sort()).toEqual(['=HYPERLINK("x")', 'Mr Martin']);
    const martin = recipients.find((r) => r.token === s.martin)!;
    expect(martin).toMatchObject({ channel: 'LINK', frames: 8, engaged: true, sender: { id: expect.any(String) } });
    expect(martin.sender.name).not.toBe('—');
    expect(martin.visits).toHaveLength(1);
    expect(martin.visits[0]).toMatchObject({ device: 'phone', visibleMs: 12_000, rating: 5 });
    expect(martin.visits[0]!.angles).toEqual([0, 1, 2, 3, 4].map((i) => ({ frame: i, ms: 2000 + i })));
    expect(martin.visits[0]!.moments.map((m) => [m.kind, m.detail])).toEqual([
      ['HOTSPOT', 'dmg-1'],
      ['RATING', '5'],
    ]);
    expect(recipients.find((r) => r.token === s.evil)!.engaged).toBe(false);

    const other = await ctx.app.inject({ method: 'GET', url: s.path, headers: await authHeaders(ctx.adapters, OTHER) });
    expect(other.statusCode).toBe(404);
  });

  it('shows the vehicle’s recipients across its shootings; a registration of no stock of the caller is 404', async () => {
    const s = await shared();
    const { registration } = await ctx.adapters.db
      .selectFrom('shootings')
      .select('registration')
      .where('id', '=', s.shootingId)
      .executeTakeFirstOrThrow();
    const url = `/api/vehicles/${encodeURIComponent(registration!)}/engagement`;
    const mine = await ctx.app.inject({ method: 'GET', url, headers: s.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<EngagementResponse>().recipients.map((r) => r.shooting.id)).toEqual([s.shootingId, s.shootingId]);
    const other = await ctx.app.inject({ method: 'GET', url, headers: await authHeaders(ctx.adapters, OTHER) });
    expect(other.statusCode).toBe(404);
  });

  it('counts the funnel per salesperson, stock and week, and exports it as a translated, formula-safe CSV', async () => {
    const s = await shared();
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: s.headers })).json<{
      id: string;
    }>().id;
    const day = ctx.adapters.clock.now().toISOString().slice(0, 10);
    const query = `from=${day}&to=${day}&timeZone=UTC&ownerId=${OWNER}`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${me}/statistics/funnel?${query}`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    const funnel = res.json<FunnelResponse>();
    // Every test of this file shares one app: at least this one's two links, in the same proportions.
    expect(funnel.totals.sent).toBeGreaterThanOrEqual(2);
    expect(funnel.totals.opened).toBe(funnel.totals.sent);
    expect(funnel.totals.engaged * 2).toBe(funnel.totals.sent);
    expect(funnel.totals.acted * 2).toBe(funnel.totals.sent);
    expect(funnel.salespeople).toHaveLength(1);
    expect(funnel.stocks.find((o) => o.ownerId === OWNER)!.counts).toEqual(funnel.totals);
    expect(funnel.weeks.map((w) => w.counts)).toEqual([funnel.totals]);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${me}/statistics/funnel.csv?${query}&lang=de`,
      headers: s.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="forecourt-funnel-${day}-${day}.csv"`);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Aufschlüsselung,Name,Gesendet,Geöffnet,Interessiert,Bewertet oder angerufen');
    expect(lines[1]).toBe(
      `Gesamt,${day} – ${day},${funnel.totals.sent},${funnel.totals.opened},${funnel.totals.engaged},${funnel.totals.acted}`,
    );
    expect(lines.some((l) => l.startsWith('Verkäufer,'))).toBe(true);

    // Other people's data never reaches the caller; another user's statistics are 404.
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${me}/statistics/funnel?${query}`,
      headers: await authHeaders(ctx.adapters, OTHER),
    });
    expect(other.statusCode).toBe(404);
  });

  it('answers API keys with engagement:read only', async () => {
    const s = await shared();
    const key = async (scopes: string[]) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/settings/groups/grp-demo/api-keys',
          headers: s.headers,
          payload: { label: `CRM ${scopes.join()}`, scopes },
        })
      ).json<{ key: string }>().key;
    const reader = await key(['engagement:read']);
    const shootingsOnly = await key(['shootings:read']);
    const get = (k: string) =>
      ctx.app.inject({ method: 'GET', url: s.path, headers: { authorization: `Bearer ${k}` } });
    expect((await get(reader)).statusCode).toBe(200);
    expect((await get(shootingsOnly)).statusCode).toBe(403);
  });
});
