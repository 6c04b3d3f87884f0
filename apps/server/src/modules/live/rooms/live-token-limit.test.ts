import type { LiveRoom } from '@forecourt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { App } from '../../../app-types';
import { seedAccounts } from '../../../seed/seed-accounts';
import { createTestAdapters } from '../../../test/test-adapters';
import { TestClock } from '../../../test/test-clock';
import { openManagerRoom } from '../../../test/live-rooms';
import { LIVE_TOKENS_PER_ADDRESS_MINUTE } from './live.service';

describe('GET /api/videos/live/token, asked for in bulk', () => {
  const clock = new TestClock('2026-11-29T02:00:00Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let room: LiveRoom;

  beforeAll(async () => {
    adapters = await createTestAdapters({}, { clock });
    await seedAccounts(adapters);
    app = await buildApp(adapters);
    room = await openManagerRoom(app, adapters, { appointment_date: '2026-12-01 14:30:00' });
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
  });

  const token = (remoteAddress: string, code = room.meeting_code) =>
    app.inject({
      method: 'GET',
      url: '/api/videos/live/token',
      remoteAddress,
      query: { identity: 'Guest', room: room.room_name, code },
    });

  it('answers 429 with Retry-After once one address has taken its tokens for the minute, wrong codes included', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIVE_TOKENS_PER_ADDRESS_MINUTE - 10; i++)
      statuses.push((await token('203.0.113.7')).statusCode);
    // Guessing codes counts too.
    for (let i = 0; i < 10; i++) statuses.push((await token('203.0.113.7', `wrong-${i}`)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIVE_TOKENS_PER_ADDRESS_MINUTE - 10);
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);

    clock.advance(15_000);
    const limited = await token('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: expect.any(String), details: { retryAfterSeconds: 45 } },
    });

    // Another address is not held back; the first one is let in again once its minute is over.
    expect((await token('203.0.113.8')).statusCode).toBe(200);
    clock.advance(45_000);
    expect((await token('203.0.113.7')).statusCode).toBe(200);
  });
});
