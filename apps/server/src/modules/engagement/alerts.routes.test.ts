import type { AddressInfo } from 'node:net';
import { BEACON_PATH, type EngagementAlert } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { authHeaders } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import type { MailMessage, MailSender } from '../../platform/mail/mail-sender';
import { recordedMailSender } from '../../platform/outbox';
import { makeShooting } from '../players/players.fixtures';
import { engagementJobs } from './engagement.jobs';

const MANAGER = 'manager@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

/**
 * The alerts, end to end: a beacon reaching one API process, the salesperson's stream held by another (on
 * PostgreSQL, two apps on one database: the alert crosses by NOTIFY, as between processes; on SQLite, one).
 */
describe('alerts while the customer looks', () => {
  const ctx = useTestApp();
  let streamApp: App;
  let base: string;
  let visits = 0;

  beforeAll(async () => {
    streamApp = process.env.TEST_DATABASE_URL ? await buildApp(ctx.adapters) : ctx.app;
    await streamApp.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(streamApp.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (streamApp !== ctx.app) await streamApp.close();
  });

  /** A personal link (made by the manager for that recipient) and the beacon's first batch of a visit. */
  const recipient = async (payload: { channel: 'EMAIL' | 'SMS' | 'LINK'; to?: string; name?: string }) => {
    const headers = await authHeaders(ctx.adapters, MANAGER);
    const { shootingId } = await makeShooting(ctx.adapters, { ownerId: 'own-demo-paris' });
    const { ref, url } = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/shootings/${shootingId}/marketplaces/FORECOURT?urlshortened=true`,
        headers,
      })
    ).json<{ ref: string; url: string }>();
    if (payload.channel === 'LINK') {
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/engagement/links',
        headers,
        payload: { ref, name: payload.name },
      });
      return { ref, shootingId, token: made.json<{ token: string }>().token };
    }
    await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${payload.channel}`,
      headers,
      payload:
        payload.channel === 'EMAIL'
          ? { to: payload.to, subject: 'Your car', body: url, personalLink: { ref, name: payload.name } }
          : { to: payload.to, body: url, personalLink: { ref, name: payload.name } },
    });
    const row = await ctx.adapters.db
      .selectFrom('share_recipients')
      .select('token')
      .where('ref', '=', ref)
      .executeTakeFirstOrThrow();
    return { ref, shootingId, token: row.token };
  };
  const open = (ref: string, token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: BEACON_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({
        ref,
        token,
        visit: `visit${++visits}abcdef`,
        seq: 0,
        device: 'phone',
        events: [{ k: 'open' }],
      }),
    });

  /** The manager's alert stream, as the portal reads it: each alert as it comes. */
  const stream = async (email = MANAGER) => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/engagement/alerts/stream`, {
      headers: await authHeaders(ctx.adapters, email),
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const next = async (): Promise<EngagementAlert> => {
      for (;;) {
        const m = /event: alert\ndata: (.*)\n\n/.exec(buffer);
        if (m) {
          buffer = buffer.slice(m.index + m[0].length);
          return JSON.parse(m[1]!) as EngagementAlert;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    };
    // Subscribed once the server's first comment arrives.
    while (!buffer.includes(': open\n\n')) buffer += (await reader.read()).value ?? '';
    return { next, close: () => controller.abort() };
  };

  it('tells the sender at once, on their open page, that the recipient opened the link; a reload within 30 minutes tells nothing more', async () => {
    const manager = await stream();
    const other = await stream(OTHER);
    const { ref, token, shootingId } = await recipient({
      channel: 'EMAIL',
      to: 'martin@example.test',
      name: 'Mr Martin',
    });
    const started = Date.now();
    expect((await open(ref, token)).statusCode).toBe(204);
    const alert = await manager.next();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(alert).toMatchObject({
      token,
      recipientName: 'Mr Martin',
      reachable: 'EMAIL',
      shootingId,
      device: 'phone',
      read: false,
    });
    await open(ref, token);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/engagement/alerts',
      headers: await authHeaders(ctx.adapters, MANAGER),
    });
    expect(list.json().items.filter((a: EngagementAlert) => a.token === token)).toHaveLength(1);
    expect(list.json().unread).toBeGreaterThanOrEqual(1);
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: '/api/engagement/alerts',
      headers: await authHeaders(ctx.adapters, OTHER),
    });
    expect(theirs.json()).toEqual({ items: [], unread: 0 });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/engagement/alerts/read',
      headers: await authHeaders(ctx.adapters, MANAGER),
    });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/engagement/alerts',
      headers: await authHeaders(ctx.adapters, MANAGER),
    });
    expect(after.json().unread).toBe(0);
    manager.close();
    other.close();
  });

  it('keeps the alert quietly during quiet hours, and queues the e-mail when chosen', async () => {
    const headers = await authHeaders(ctx.adapters, MANAGER);
    const now = new Date().toISOString().slice(11, 16);
    const inAnHour = new Date(Date.now() + 3600_000).toISOString().slice(11, 16);
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/engagement/alert-preferences', headers, payload });
    expect((await put({ inApp: true, email: true, quietFrom: now, quietTo: null, timeZone: 'UTC' })).statusCode).toBe(
      400,
    );
    expect(
      (await put({ inApp: true, email: true, quietFrom: now, quietTo: inAnHour, timeZone: 'Mars/Base' })).statusCode,
    ).toBe(400);
    expect(
      (await put({ inApp: true, email: true, quietFrom: now, quietTo: inAnHour, timeZone: 'UTC' })).statusCode,
    ).toBe(200);
    const quiet = await recipient({ channel: 'LINK', name: 'Mrs Quiet' });
    await open(quiet.ref, quiet.token);
    const jobs = () =>
      ctx.adapters.db.selectFrom('jobs').select('payload').where('name', '=', 'engagement.alert-email').execute();
    expect(await jobs()).toHaveLength(0);
    const kept = await ctx.app.inject({ method: 'GET', url: '/api/engagement/alerts', headers });
    expect(kept.json().items.some((a: EngagementAlert) => a.token === quiet.token)).toBe(true);
    await put({ inApp: false, email: true, quietFrom: null, quietTo: null, timeZone: 'Europe/Paris' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/engagement/alert-preferences', headers })).json()).toEqual(
      {
        inApp: false,
        email: true,
        quietFrom: null,
        quietTo: null,
        timeZone: 'Europe/Paris',
      },
    );
    const mailed = await recipient({ channel: 'LINK', name: 'Mr Mail' });
    await open(mailed.ref, mailed.token);
    expect(await jobs()).toHaveLength(1);
    await put({ inApp: true, email: false, quietFrom: null, quietTo: null, timeZone: 'UTC' });

    // The job's worker dies right after SMTP took the e-mail; its retry does not send it again.
    const sent: MailMessage[] = [];
    const smtp = recordedMailSender(ctx.adapters, {
      driver: 'smtp',
      send: (m) => (sent.push(m), Promise.resolve({ transportId: `smtp-${sent.length}` })),
    });
    let crashes = 1;
    const mail: MailSender = {
      driver: 'smtp',
      send: async (m) => {
        await smtp.send(m);
        if (crashes-- > 0) throw new Error('worker killed after the send');
      },
    };
    const job = engagementJobs({ ...ctx.adapters, mail }).alertEmail;
    const payload = job.schema.parse(JSON.parse((await jobs())[0]!.payload));
    const run = { jobId: 'job-1', attempt: 1, signal: new AbortController().signal };
    await expect(job.handler(payload, run)).rejects.toThrow('worker killed after the send');
    await job.handler(payload, { ...run, attempt: 2 });
    expect(sent.map((m) => m.to)).toEqual([MANAGER]);
    // Sent at once: the visit is still going on.
    expect(sent[0]!.subject).toMatch(/^Mr Mail is looking at the .+ now$/);
    const rows = await ctx.adapters.db
      .selectFrom('notifications_outbox')
      .select(['status', 'transport_id'])
      .where('dedupe_key', '=', `engagement.alert-email:${payload.alertId}`)
      .execute();
    expect(rows).toEqual([{ status: 'SENT', transport_id: 'smtp-1' }]);
  });

  it('an e-mail that leaves hours after the visit says when it was, not that they are looking now', async () => {
    const headers = await authHeaders(ctx.adapters, MANAGER);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/engagement/alert-preferences',
      headers,
      payload: { inApp: true, email: true, quietFrom: null, quietTo: null, timeZone: 'UTC' },
    });
    const late = await recipient({ channel: 'LINK', name: 'Mrs Late' });
    await open(late.ref, late.token);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/engagement/alert-preferences',
      headers,
      payload: { inApp: true, email: false, quietFrom: null, quietTo: null, timeZone: 'UTC' },
    });
    const alert = (await ctx.app.inject({ method: 'GET', url: '/api/engagement/alerts', headers }))
      .json<{ items: EngagementAlert[] }>()
      .items.find((a) => a.token === late.token)!;
    const sent: MailMessage[] = [];
    const mail = recordedMailSender(ctx.adapters, {
      driver: 'smtp',
      send: (m) => (sent.push(m), Promise.resolve({ transportId: 'smtp-late' })),
    });
    const threeHoursLater = { now: () => new Date(Date.parse(alert.createdAt) + 3 * 3600_000) };
    const job = engagementJobs({ ...ctx.adapters, mail, clock: threeHoursLater }).alertEmail;
    await job.handler({ alertId: alert.id }, { jobId: 'job-late', attempt: 1, signal: new AbortController().signal });
    const at = new Date(alert.createdAt);
    expect(sent).toHaveLength(1);
    // DD/MM/YYYY and the English 12-hour clock, as the portal writes them (spec section 9).
    const pad = (n: number) => String(n).padStart(2, '0');
    const hour = at.getUTCHours();
    const when = `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}/${at.getUTCFullYear()} ${pad(hour % 12 || 12)}:${pad(at.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`;
    expect(sent[0]!.subject).toBe(`Mrs Late looked at the ${alert.vehicle} (${when})`);
  });

  it('"Call now" makes a live room for now and texts its link to the recipient; a foreign alert is 404', async () => {
    const headers = await authHeaders(ctx.adapters, MANAGER);
    const { ref, token } = await recipient({ channel: 'SMS', to: '+33612345600', name: 'Mr Martin' });
    await open(ref, token);
    const alert = (await ctx.app.inject({ method: 'GET', url: '/api/engagement/alerts', headers }))
      .json<{ items: EngagementAlert[] }>()
      .items.find((a) => a.token === token)!;
    expect(alert.reachable).toBe('SMS');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/engagement/alerts/${alert.id}/call`,
          headers: await authHeaders(ctx.adapters, OTHER),
        })
      ).statusCode,
    ).toBe(404);
    const call = await ctx.app.inject({ method: 'POST', url: `/api/engagement/alerts/${alert.id}/call`, headers });
    expect(call.statusCode).toBe(201);
    const { roomId, roomPath, sentBy } = call.json<{ roomId: string; roomPath: string; sentBy: string }>();
    expect(sentBy).toBe('SMS');
    const room = await ctx.adapters.db
      .selectFrom('live_rooms')
      .selectAll()
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow();
    expect(roomPath).toBe(`/videos/live/rooms/${roomId}?code=${room.meeting_code}`);
    const sms = await ctx.adapters.db
      .selectFrom('notifications_outbox')
      .select('body_text')
      .where('recipient', '=', '+33612345600')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(sms.body_text).toContain(`http://127.0.0.1:8080${roomPath}`);
    const unreachable = await recipient({ channel: 'LINK', name: 'Nobody' });
    await open(unreachable.ref, unreachable.token);
    const none = (await ctx.app.inject({ method: 'GET', url: '/api/engagement/alerts', headers }))
      .json<{ items: EngagementAlert[] }>()
      .items.find((a) => a.token === unreachable.token)!;
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/engagement/alerts/${none.id}/call`, headers })).statusCode,
    ).toBe(409);
  });

  it('ends every open stream when the server closes, so a stop is not held by an open bell', async () => {
    const app = await buildApp(ctx.adapters);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/engagement/alerts/stream`,
      {
        headers: await authHeaders(ctx.adapters, MANAGER),
      },
    );
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    expect((await reader.read()).value).toContain(': open');
    const closed = app.close().then(() => 'closed');
    const late = new Promise((resolve) => setTimeout(resolve, 3000, 'still open'));
    expect(await Promise.race([closed, late])).toBe('closed');
    expect((await reader.read()).done).toBe(true);
  });
});
