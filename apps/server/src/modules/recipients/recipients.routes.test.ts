import { describe, expect, it } from 'vitest';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { playerPageRef } from '../players/player-page';
import { makeShooting } from '../players/players.fixtures';

const MANAGER = 'manager@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

describe('personal player links', () => {
  const ctx = useTestApp();

  const shared = async (email = MANAGER) => {
    const { shootingId } = await makeShooting(ctx.adapters, { ownerId: 'own-demo-paris' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/shootings/${shootingId}/marketplaces/FORECOURT?urlshortened=true`,
      headers: await authHeaders(ctx.adapters, email),
    });
    return res.json<{ ref: string; url: string }>();
  };
  const recipients = (ref: string) =>
    ctx.adapters.db.selectFrom('share_recipients').selectAll().where('ref', '=', ref).execute();
  const outbox = (recipient: string) =>
    ctx.adapters.db
      .selectFrom('notifications_outbox')
      .select('body_text')
      .where('recipient', '=', recipient)
      .executeTakeFirstOrThrow();

  it('gives an e-mail recipient a link of their own, kept with the share, that opens the same player', async () => {
    const { ref, url } = await shared();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/EMAIL',
      headers: await authHeaders(ctx.adapters, MANAGER),
      payload: {
        to: 'martin@example.test',
        subject: 'Your Golf',
        body: `Hello,<br>${url}`,
        personalLink: { ref, name: 'Mr Martin' },
      },
    });
    expect(res.statusCode).toBe(204);
    const [kept] = await recipients(ref);
    expect(kept).toMatchObject({ channel: 'EMAIL', name: 'Mr Martin', email: 'martin@example.test', phone: null });
    expect(kept!.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const personal = `${url}/${kept!.token}`;
    expect((await outbox('martin@example.test')).body_text).toBe(`Hello,\n${personal}`);
    // The link is the player's page itself (served with its head: players.routes.test.ts), no redirect.
    expect(playerPageRef(new URL(personal).pathname)).toBe(ref);
    // The reference's own link keeps working.
    expect((await ctx.app.inject({ method: 'GET', url: `/p/${ref}` })).headers.location).toBe(`/public/player/${ref}`);
  });

  it('does the same for an SMS, and keeps no recipient when the text holds no link of that player', async () => {
    const { ref, url } = await shared();
    const headers = await authHeaders(ctx.adapters, MANAGER);
    const sms = (to: string, body: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/SMS',
        headers,
        payload: { to, body, personalLink: { ref } },
      });
    expect((await sms('+33612345670', `See ${url} now`)).statusCode).toBe(204);
    const [kept] = await recipients(ref);
    expect(kept).toMatchObject({ channel: 'SMS', phone: '+33612345670', name: null });
    expect((await outbox('+33612345670')).body_text).toBe(`See ${url}/${kept!.token} now`);
    expect((await sms('+33612345671', 'No link here')).statusCode).toBe(204);
    expect(await recipients(ref)).toHaveLength(1);
  });

  it('makes a named copied link, and answers 404 for a player of another dealer group', async () => {
    const { ref } = await shared();
    const copy = (h: Record<string, string>, name = 'Mrs Dupont') =>
      ctx.app.inject({ method: 'POST', url: '/api/engagement/links', headers: h, payload: { ref, name } });
    const made = await copy(await authHeaders(ctx.adapters, MANAGER));
    expect(made.statusCode).toBe(201);
    expect(made.json().url).toBe(`http://127.0.0.1:8080/p/${ref}/${made.json().token}`);
    expect((await recipients(ref)).map((r) => [r.channel, r.name])).toEqual([['LINK', 'Mrs Dupont']]);
    expect((await copy(await authHeaders(ctx.adapters, MANAGER), ' ')).statusCode).toBe(400);
    const other = await authHeaders(ctx.adapters, OTHER);
    expect((await copy(other)).statusCode).toBe(404);
    const foreignSend = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/EMAIL',
      headers: other,
      payload: { to: 'a@b.co', subject: 'S', body: 'x', personalLink: { ref } },
    });
    expect(foreignSend.statusCode).toBe(404);
    expect(await recipients(ref)).toHaveLength(1);
  });
});
