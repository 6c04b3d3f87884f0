import type { EngagementAlert } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { openPgListener } from '../../platform/db/pg-listener';
import { notifyAlert } from './alerts.repo';

/** The channel every API process of a deployment listens on for alerts. */
export const ALERTS_CHANNEL = 'forecourt_alerts';

type Listener = (alert: EngagementAlert) => void;

/**
 * Carries a user's alerts to the portal pages they have open, whichever API process holds their stream:
 * in this process on SQLite (one process), by PostgreSQL NOTIFY to every process otherwise (the platform's
 * LISTEN connection, as the live signal bus uses it). A page subscribes by user id.
 */
export interface AlertBus {
  publish(userId: string, alert: EngagementAlert): Promise<void>;
  subscribe(userId: string, listener: Listener): () => void;
  close(): Promise<void>;
}

export async function createAlertBus(
  adapters: Pick<Adapters, 'db' | 'dialect' | 'config'>,
  onError: (err: unknown) => void,
): Promise<AlertBus> {
  const listeners = new Map<string, Set<Listener>>();
  const deliver = (userId: string, alert: EngagementAlert) => {
    for (const l of listeners.get(userId) ?? []) l(alert);
  };
  const subscribe = (userId: string, listener: Listener) => {
    let set = listeners.get(userId);
    if (!set) listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(userId);
    };
  };
  if (adapters.dialect !== 'postgres' || !adapters.config.DATABASE_URL)
    return { publish: async (u, a) => deliver(u, a), subscribe, close: async () => undefined };
  const listener = await openPgListener({
    url: adapters.config.DATABASE_URL,
    channel: ALERTS_CHANNEL,
    onNotification: (payload) => {
      try {
        const { userId, alert } = JSON.parse(payload) as { userId: string; alert: EngagementAlert };
        deliver(userId, alert);
      } catch (err) {
        onError(err);
      }
    },
    onError,
  });
  await listener.ready;
  return {
    // An alert is small (under 1 KB): always within NOTIFY's 8000 bytes.
    publish: (userId, alert) => notifyAlert(adapters.db, ALERTS_CHANNEL, JSON.stringify({ userId, alert })),
    subscribe,
    close: () => listener.close(),
  };
}
