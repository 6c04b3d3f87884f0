import type pg from 'pg';

export interface PgListener {
  /** Resolves once the first LISTEN is in place. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface PgListenerOptions {
  url: string;
  channel: string;
  onNotification: (payload: string) => void;
  /**
   * LISTEN is in place again after the connection was lost (a PostgreSQL restart, an administrator's
   * terminate): notifications sent meanwhile never arrived, so the caller catches up on its state.
   */
  onReconnected?: () => void;
  onError?: (err: unknown) => void;
  /** First wait before reconnecting; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Only lowercase identifiers are channels here: LISTEN takes no bind parameter, so the name is checked, not quoted. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A dedicated PostgreSQL connection that LISTENs on one channel (a pooled connection cannot: LISTEN
 * belongs to its session, and the pool hands sessions around). When the connection is lost it is opened
 * again with a doubling wait, for as long as the listener is not closed.
 */
export async function openPgListener(options: PgListenerOptions): Promise<PgListener> {
  if (!CHANNEL.test(options.channel)) throw new Error(`not a channel name: ${options.channel}`);
  const { default: pgModule } = await import('pg');
  const { retryMs = 200, maxRetryMs = 5000 } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let wait = retryMs;
  let timer: NodeJS.Timeout | null = null;
  let first = true;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pgModule.Client({ connectionString: options.url, connectionTimeoutMillis: 5000, keepAlive: true });
    // Registered before connect: an error at any point retires this client and schedules the next.
    let retired = false;
    const retire = (err?: unknown) => {
      if (retired) return;
      retired = true;
      if (err) options.onError?.(err);
      c.removeAllListeners('notification');
      void c.end().catch(() => undefined);
      if (client === c) client = null;
      schedule();
    };
    c.on('error', retire);
    c.on('end', () => retire());
    c.on('notification', (n) => {
      if (n.channel === options.channel && n.payload !== undefined) options.onNotification(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${options.channel}`);
    } catch (err) {
      retire(err);
      return;
    }
    if (closed || retired) {
      void c.end().catch(() => undefined);
      return;
    }
    client = c;
    wait = retryMs;
    if (first) {
      first = false;
      resolveReady();
    } else {
      options.onReconnected?.();
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
    wait = Math.min(maxRetryMs, wait * 2);
  };

  await connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      resolveReady();
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}
