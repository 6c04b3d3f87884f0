import type { ServerMessage } from '@forecourt/contracts';

/**
 * What one signalling socket may send: messages and bytes a second, each with a burst. A call's busiest
 * moment (a join: offers, answers and a few dozen ICE candidates for each other participant, the media
 * state, a spin being turned) stays well inside; a visitor's flood does not.
 */
export const SIGNAL_BUDGET = {
  messagesPerSecond: 50,
  messageBurst: 200,
  bytesPerSecond: 256 * 1024,
  byteBurst: 1024 * 1024,
  /** Messages accepted but not yet handled (the bus may be slow): past this, the next ones are refused. */
  maxPending: 256,
  /** Refusals within one second past which the socket is closed (LIVE_CLOSE.FLOODED): a flood, not a burst. */
  floodRefusals: 500,
} as const;

/**
 * What the server holds for one socket that does not read: past `soft`, only the messages a call cannot do
 * without are sent (a media state or a spin is dropped: the next one, or a rejoin, carries it again); past
 * `hard`, the socket is cut (the participant may rejoin, as after any drop).
 */
export const SEND_BUFFER = { soft: 1024 * 1024, hard: 4 * 1024 * 1024 } as const;

/** Messages that may be dropped for a socket that reads too slowly: a later one replaces each. */
export const droppable = (message: ServerMessage): boolean =>
  message.type === 'media' || message.type === 'spin' || message.type === 'error';

/** A token bucket: `rate` a second, up to `burst` at once. */
class Bucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
  }

  has(n: number): boolean {
    return this.tokens >= n;
  }

  take(n: number): void {
    this.tokens -= n;
  }
}

export type BudgetVerdict = 'accepted' | 'refused' | 'flooded';

/** One socket's budget: each incoming message is accepted, refused (not handled), or ends the socket. */
export class MessageBudget {
  private readonly messages: Bucket;
  private readonly bytes: Bucket;
  private windowStart: number;
  private refusals = 0;
  private pending = 0;

  constructor(
    private readonly now: () => number,
    private readonly limits: typeof SIGNAL_BUDGET = SIGNAL_BUDGET,
  ) {
    const t = now();
    this.messages = new Bucket(limits.messagesPerSecond, limits.messageBurst, t);
    this.bytes = new Bucket(limits.bytesPerSecond, limits.byteBurst, t);
    this.windowStart = t;
  }

  /** Judges a message of `size` bytes; an accepted one counts as pending until `done()`. */
  admit(size: number): BudgetVerdict {
    const t = this.now();
    this.messages.refill(t);
    this.bytes.refill(t);
    if (this.messages.has(1) && this.bytes.has(size) && this.pending < this.limits.maxPending) {
      this.messages.take(1);
      this.bytes.take(size);
      this.pending += 1;
      return 'accepted';
    }
    if (t - this.windowStart >= 1000) {
      this.windowStart = t;
      this.refusals = 0;
    }
    this.refusals += 1;
    return this.refusals > this.limits.floodRefusals ? 'flooded' : 'refused';
  }

  /** Whether this refusal is the first of its second (the sender is told once a second, not once a message). */
  get firstRefusal(): boolean {
    return this.refusals === 1;
  }

  done(): void {
    this.pending -= 1;
  }
}
