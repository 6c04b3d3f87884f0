import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';

export type { Jsep, Publisher, SubscribedStream, VideoRoomHandle } from 'janode/plugins/videoroom';
export const VIDEOROOM_EVENT = VideoRoomPlugin.EVENT;
export const JANODE_EVENT = Janode.EVENT;

export interface JanusSettings {
  url: string;
  apiSecret?: string;
  adminKey?: string;
}

/**
 * The Janus WebSocket API as the server uses it: one connection and one session per process, made on first
 * use and again after Janus went away, on which each caller attaches VideoRoom handles of its own.
 */
export interface JanusGateway {
  readonly adminKey: string | undefined;
  /** A new VideoRoom handle; rejects when Janus does not answer within a few seconds. */
  attach(): Promise<VideoRoomHandle>;
  /** Whether Janus answers now (the health check). */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}

/** How long connecting, or a request of the health check, may take. */
const ANSWER_MS = 3000;
/** Janus ends a session that sends nothing for 60 s by default; janode keeps ours alive at this pace. */
const KEEPALIVE_SECONDS = 20;

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Janus: no answer to ${what} within ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });

export function createJanusGateway(settings: JanusSettings): JanusGateway {
  Janode.Logger.setLevel('none');
  let current: Promise<{ connection: JanodeConnection; session: JanodeSession }> | null = null;
  let closed = false;

  const open = () => {
    if (closed) return Promise.reject(new Error('Janus gateway closed'));
    if (current) return current;
    const attempt = (async () => {
      const connecting = Janode.connect({
        address: { url: settings.url, ...(settings.apiSecret ? { apisecret: settings.apiSecret } : {}) },
        retry_time_secs: 1,
        max_retries: 1,
      });
      const connection = await within(connecting, ANSWER_MS, 'connect').catch((err: unknown) => {
        // A connection that opens after we gave up on it is closed, not leaked.
        connecting
          .then(
            (late) => late.close(),
            () => undefined,
          )
          .catch(() => undefined);
        throw err;
      });
      const forget = () => {
        if (current === attempt) current = null;
      };
      connection.once(Janode.EVENT.CONNECTION_CLOSED, forget);
      connection.once(Janode.EVENT.CONNECTION_ERROR, forget);
      const session = await within(connection.create(KEEPALIVE_SECONDS), ANSWER_MS, 'create session');
      session.once(Janode.EVENT.SESSION_DESTROYED, forget);
      return { connection, session };
    })();
    current = attempt;
    // A failed attempt is not kept: the next call tries again.
    attempt.catch(() => {
      if (current === attempt) current = null;
    });
    return attempt;
  };

  return {
    adminKey: settings.adminKey,
    async attach() {
      const { session } = await open();
      return within(session.attach(VideoRoomPlugin), ANSWER_MS, 'attach');
    },
    async answers() {
      try {
        const { connection } = await open();
        await within(connection.getInfo(), ANSWER_MS, 'info');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      const held = current;
      current = null;
      if (!held) return;
      const { connection, session } = await held.catch(() => ({ connection: null, session: null }));
      await session?.destroy().catch(() => undefined);
      await connection?.close().catch(() => undefined);
    },
  };
}
