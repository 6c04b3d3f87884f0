import { describe, expect, it } from 'vitest';
import { demoUser } from '../../seed/demo-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { makeShooting } from '../players/players.fixtures';
import { useTestApp } from '../../test/test-app';

const MANAGER = 'manager@demo.forecourt.test';

describe('player sharing statistics', () => {
  const ctx = useTestApp();

  it('records a share of the caller’s own player, and nothing for another user or another dealer’s player', async () => {
    const headers = await authHeaders(ctx.adapters, MANAGER);
    const { shootingId } = await makeShooting(ctx.adapters, { ownerId: 'own-demo-paris', type: 'VIDEO' });
    const { ref } = (
      await ctx.app.inject({ method: 'GET', url: `/api/shootings/${shootingId}/marketplaces/FORECOURT`, headers })
    ).json<{ ref: string }>();
    const me = demoUser(MANAGER).id;
    const share = (userId: string, r: string, payload: object = { source: 'WEB', sharingType: 'SMS' }) =>
      ctx.app.inject({ method: 'POST', url: `/api/users/${userId}/statistics/players/${r}/shared`, headers, payload });
    expect((await share(me, ref)).statusCode).toBe(204);
    expect((await share(demoUser('sales@demo.forecourt.test').id, ref)).statusCode).toBe(404);
    expect((await share(me, ref, { source: 'WEB', sharingType: 'FAX' })).statusCode).toBe(400);
    const other = await makeShooting(ctx.adapters, { ownerId: 'own-other-bordeaux' });
    const otherRef = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/shootings/${other.shootingId}/marketplaces/FORECOURT`,
        headers: await authHeaders(ctx.adapters, 'other@other-dealer.forecourt.test'),
      })
    ).json<{ ref: string }>().ref;
    expect((await share(me, otherRef)).statusCode).toBe(404);
    const events = await ctx.adapters.db
      .selectFrom('statistics_events')
      .selectAll()
      .where('kind', '=', 'PLAYER_SHARED')
      .execute();
    expect(events.map((e) => [e.user_id, e.subject, JSON.parse(e.payload)])).toEqual([
      [me, ref, { source: 'WEB', sharingType: 'SMS' }],
    ]);
  });
});
