import type { LiveRoom } from '@forecourt/contracts';
import { expect } from 'vitest';
import type { App } from '../app-types';
import { demoUser } from '../seed/demo-accounts';
import { authHeaders } from './auth-helpers';
import type { createTestAdapters } from './test-adapters';

const MANAGER = 'manager@demo.forecourt.test';

/**
 * A room the Paris demo manager opens through the API for themself, at the Paris stock; `payload` changes
 * the request's fields (the session name, the appointment).
 */
export async function openManagerRoom(
  app: App,
  adapters: Awaited<ReturnType<typeof createTestAdapters>>,
  payload: { session_name?: string; appointment_date?: string } = {},
): Promise<LiveRoom> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/videos/live/rooms',
    headers: await authHeaders(adapters, MANAGER),
    payload: {
      session_name: 'Showroom',
      user_id: demoUser(MANAGER).id,
      appointment_date: '2026-11-26 14:30:00',
      owner_id: 'own-demo-paris',
      ...payload,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json<LiveRoom>();
}
