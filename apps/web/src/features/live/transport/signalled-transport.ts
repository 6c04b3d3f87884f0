import { LIVE_CLOSE, type MediaState, type ServerMessage, type SpinState } from '@forecourt/contracts';
import type { CallSnapshot, JoinOptions, TransportEvent } from './media-transport';
import { reconnect, type AttemptResult } from './reconnect';
import { SignallingClient } from './signalling-client';

/** How long the first answer of the server (welcome) may take. */
const WELCOME_TIMEOUT_MS = 10_000;
/** Closes a socket that did not get its welcome in time, without leaving (any code but 1000 and 1001). */
const RETRY_CLOSE = 4000;
/** How long the server may take to let a waiting member in after its `join`. */
const ENTER_TIMEOUT_MS = 10_000;

/** The server refused this page's socket: the room has its most participants (LIVE_CLOSE.ROOM_FULL). */
export class RoomFullError extends Error {
  constructor() {
    super('the room is full');
  }
}

/** The server refused this page's socket, or closed it: the room has ended (LIVE_CLOSE.ROOM_ENDED). */
export class RoomEndedError extends Error {
  constructor() {
    super('the room has ended');
  }
}

/**
 * What both media drivers (p2p-transport.ts, sfu-transport.ts) share: the snapshot and its listeners, and
 * the signalling socket's life — open and wait for the welcome, and when it drops without leave(), come
 * back as the same participant (reconnect.ts) unless another socket of this participant took over.
 * A driver handles the server's messages (`handle`, one after the other) and says what leaving closes.
 */
export abstract class SignalledTransport {
  protected state: CallSnapshot = { connection: 'idle', self: null, participants: [], spin: null, recording: false };
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: TransportEvent) => void>();
  protected options: JoinOptions | null = null;
  protected signalling: SignallingClient | null = null;
  /** The token of the current socket: a rejoin presents it to keep this participant. */
  protected token: string | null = null;
  protected welcomed: ((ok: boolean) => void) | null = null;
  protected reconnecting = false;
  protected left = false;
  /**
   * The socket is (to be) a waiting member of the lobby: opened again after a drop, it asks for the lobby
   * again, unless the page joined meanwhile (then it comes back as a participant, which the server announces).
   */
  protected lobby = false;
  /** This page waits in the lobby (as the server's last word says): it sends and receives no media. */
  protected selfWaiting = false;
  /** Resolves a join from the lobby once the server let this page in (true), or it left (false). */
  private entered: ((ok: boolean) => void) | null = null;
  /** The close code of the last socket that closed before its welcome (ROOM_FULL is told apart). */
  private refusedWith: number | null = null;
  /** Messages are handled one after the other, in the order the server sent them. */
  protected inbox: Promise<void> = Promise.resolve();
  /** The last microphone/camera/screen state the page gave: sent again on entering and after a rejoin. */
  protected mediaState: MediaState | null = null;

  protected abstract handle(message: ServerMessage): Promise<void>;
  abstract leave(): void;

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): CallSnapshot {
    return this.state;
  }

  on(listener: (event: TransportEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  setMediaState(state: MediaState): void {
    this.mediaState = state;
    // A waiting member has no media state for the others: it is sent on entering.
    if (!this.selfWaiting) this.signalling?.send({ type: 'media', state });
  }

  setSpin(spin: SpinState): void {
    this.set({ spin });
    this.signalling?.send({ type: 'spin', spin });
  }

  protected set(patch: Partial<CallSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  protected emit(event: TransportEvent): void {
    for (const l of this.eventListeners) l(event);
  }

  /** From the lobby: sends `join`; answers whether the server let this page in (`entered`) in time. */
  protected askEntry(options: JoinOptions): Promise<boolean> {
    this.options = { ...options, iceServers: this.options?.iceServers ?? options.iceServers };
    this.lobby = false;
    const entered = new Promise<boolean>((resolve) => {
      this.entered = resolve;
      window.setTimeout(() => resolve(false), ENTER_TIMEOUT_MS);
    });
    this.signalling?.send({ type: 'join' });
    return entered;
  }

  /** A join from the lobby is waiting for the server's answer. */
  protected get entering(): boolean {
    return this.entered !== null;
  }

  /** Ends a join from the lobby: let in (true) or left (false). */
  protected settleEntry(ok: boolean): void {
    this.entered?.(ok);
    this.entered = null;
  }

  protected async connect(token: string): Promise<void> {
    const signalling = new SignallingClient(
      (m) => {
        if (this.signalling !== signalling) return;
        // The room's end is told by the close (LIVE_CLOSE.ROOM_ENDED) that follows it.
        if (m.type === 'ended') return;
        // The recording state is the same for both drivers: kept here, in order with the rest.
        const handled = m.type === 'recording' ? async () => this.set({ recording: m.on }) : () => this.handle(m);
        this.inbox = this.inbox.then(handled).catch(() => undefined);
      },
      (code) => this.lost(signalling, code),
    );
    this.signalling = signalling;
    this.refusedWith = null;
    const welcome = new Promise<boolean>((resolve) => {
      this.welcomed = resolve;
      window.setTimeout(() => resolve(false), WELCOME_TIMEOUT_MS);
    });
    await signalling.open(token, this.lobby);
    if (!(await welcome)) {
      // On a rejoin, not a leave: the server may hold this participant for the next try.
      signalling.close(this.state.self ? RETRY_CLOSE : 1000);
      if (this.refusedWith === LIVE_CLOSE.ROOM_FULL) throw new RoomFullError();
      if (this.refusedWith === LIVE_CLOSE.ROOM_ENDED) throw new RoomEndedError();
      throw new Error('no welcome from the signalling server');
    }
    this.token = token;
  }

  /** The signalling socket closed without leave(): rejoin, unless another socket of this participant took over. */
  private lost(signalling: SignallingClient, code: number): void {
    if (this.signalling !== signalling) return;
    this.refusedWith = code;
    this.welcomed?.(false);
    if (this.reconnecting || this.left || !this.state.self) return;
    if (code === LIVE_CLOSE.REPLACED) return this.end();
    if (code === LIVE_CLOSE.ROOM_ENDED) return this.end('roomEnded');
    this.set({ connection: 'reconnecting' });
    void this.rejoin();
  }

  private async rejoin(): Promise<void> {
    this.reconnecting = true;
    const renew = this.options?.renewToken;
    let ended = false;
    const result = await reconnect(
      async (): Promise<AttemptResult> => {
        let token: string | null;
        try {
          token = renew ? await renew(this.token ?? '') : null;
        } catch (err) {
          // The room ended while this page was away: no token will come.
          if (!(err instanceof RoomEndedError)) return 'retry';
          ended = true;
          return 'fatal';
        }
        if (token === null) return 'fatal';
        if (this.left) return 'retry';
        try {
          await this.connect(token);
          return 'connected';
        } catch (err) {
          // Away too long, and the room filled or ended meanwhile: trying again would not get this page back in.
          if (err instanceof RoomEndedError) ended = true;
          return err instanceof RoomFullError || err instanceof RoomEndedError ? 'fatal' : 'retry';
        }
      },
      {
        sleep: (ms) => new Promise((r) => window.setTimeout(r, ms)),
        now: () => Date.now(),
        cancelled: () => this.left,
      },
    );
    this.reconnecting = false;
    if (result === 'fatal' || result === 'gaveUp') this.end(ended ? 'roomEnded' : 'disconnected');
  }

  /** The call is over for this browser: the page shows its end (`roomEnded`: the meeting has ended for everyone). */
  protected end(why: 'disconnected' | 'roomEnded' = 'disconnected'): void {
    if (this.left) return;
    this.leave();
    this.emit({ type: why });
  }
}
