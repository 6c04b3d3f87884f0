import { randomUUID } from 'node:crypto';
import type { MediaState, Participant, ServerMessage, SpinState } from '@forecourt/contracts';
import type { Db } from '../../../platform/db/database';
import { openPgListener, type PgListener } from '../../../platform/db/pg-listener';
import * as repo from './live-bus.repo';
import { MAX_MISSED_MESSAGES, type Attachment, type RoomMember, type SignalBus } from './signal-bus';

/** The channel every API process of a deployment listens on. */
export const LIVE_CHANNEL = 'forecourt_live';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; larger messages go through a row. */
export const NOTIFY_LIMIT_BYTES = 7500;
/** Large messages and kept messages are swept this long after they were written. */
const SIGNAL_RETENTION_MS = 10 * 60_000;
/** How long a join waits for this process to catch up with the notifications before it (about a millisecond when all is well). */
const SYNC_TIMEOUT_MS = 2000;

export interface PgBusOptions {
  db: Db;
  databaseUrl: string;
  /** How long a member whose socket dropped stays (its lease is cut to this). */
  graceMs: number;
  /** How long a member of a process that stopped renewing stays: a dead process's members leave after this. */
  leaseMs?: number;
  /** How often this process renews its members' leases and removes expired ones. */
  heartbeatMs?: number;
  onError?: (err: unknown) => void;
  /** A member whose lease ran out was removed (its process died or stalled): what it left elsewhere (its SFU publications) can go. */
  onExpired?: (room: string, id: string) => void;
}

/** What goes through NOTIFY: a message for one member (`to`) or the room (all but `except`), or its row's id (`ref`) when large. */
interface Envelope {
  id: string;
  room: string;
  to?: string;
  except?: string;
  /** Set: not for the room's waiting members. */
  participantsOnly?: true;
  message?: ServerMessage;
  ref?: string;
}
/** Another process took over a member: this one lets go of its socket. */
interface TakeOverNotice {
  takeover: { room: string; id: string; session: string };
}

/** A process's own mark, to know when it has handled every notification sent before it. */
interface SyncMark {
  sync: string;
}

interface Held {
  attachment: Attachment;
  /** It waits in the lobby: messages for the participants only pass it by. */
  waiting: boolean;
  /** The socket is away: messages are kept in `live_missed` for its rejoin, through whichever process. */
  detached: boolean;
  /** Ids of messages delivered while joining, so the kept ones read at the handover are not given twice. */
  seen: Set<string> | null;
}

const keyOf = (room: string, id: string) => `${room}\u0000${id}`;

export interface PgSignalBus extends SignalBus {
  close(): Promise<void>;
}

/**
 * The signal bus of several API processes on one PostgreSQL: members are rows (`live_members`), shared by
 * every process; messages go out by NOTIFY on one channel and each process delivers them to the sockets
 * it holds. The process that holds a member's socket renews its lease every heartbeat; a dropped socket's
 * lease is cut to the grace, and a dead process renews nothing, so any process removes those members once
 * their lease runs out and tells their room they left. A participant whose socket comes back through
 * another process takes its row over (same participant, nobody told anything) and gets the messages kept
 * for it meanwhile.
 */
export async function createPgSignalBus(options: PgBusOptions): Promise<PgSignalBus> {
  const { db, graceMs, onError = () => undefined } = options;
  const leaseMs = options.leaseMs ?? 4000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(100, Math.floor(leaseMs / 4));
  const processId = randomUUID();
  const held = new Map<string, Held>();
  // Leases are real time, as the grace timers and the sockets' heartbeats are (not the injectable clock of
  // business dates), compared across processes: the API machines' clocks are kept in step (NTP), and a
  // lease of seconds tolerates what skew remains.
  const now = () => Date.now();
  let seq = 0;
  const nextSeq = () => now() * 1000 + (seq++ % 1000);
  // Notifications are handled one after the other, in the order PostgreSQL delivers them.
  let inbox: Promise<void> = Promise.resolve();
  /**
   * Since when this process's heartbeats have all succeeded (null: the last one failed). Expired members are
   * removed only after a full lease of those: after a database outage every lease looks expired, and the
   * processes that hold live members must have renewed them before anyone counts them gone.
   */
  let healthySince: number | null = now();

  const publish = async (envelope: Omit<Envelope, 'id'>): Promise<void> => {
    const full: Envelope = { id: randomUUID(), ...envelope };
    let payload = JSON.stringify(full);
    if (Buffer.byteLength(payload) > NOTIFY_LIMIT_BYTES) {
      await repo.putLargeSignal(db, full.id, JSON.stringify(full.message), now());
      payload = JSON.stringify({ ...full, message: undefined, ref: full.id });
    }
    await repo.notify(db, LIVE_CHANNEL, payload);
  };

  const deliverLocally = async (envelope: Envelope): Promise<void> => {
    let message = envelope.message;
    for (const [key, h] of held) {
      const [room, id] = key.split('\u0000') as [string, string];
      if (
        room !== envelope.room ||
        (envelope.to !== undefined && envelope.to !== id) ||
        envelope.except === id ||
        (envelope.participantsOnly && h.waiting)
      )
        continue;
      if (!message && envelope.ref) {
        const raw = await repo.getLargeSignal(db, envelope.ref);
        if (raw === null) return onError(new Error(`live signal ${envelope.ref} is gone`));
        message = JSON.parse(raw) as ServerMessage;
      }
      if (!message) return;
      if (!h.detached) {
        h.seen?.add(envelope.id);
        h.attachment.deliver(message);
      } else {
        await repo.keepMissed(db, {
          id: `${envelope.id}:${id}`,
          room,
          participantId: id,
          session: h.attachment.session,
          seq: nextSeq(),
          message: JSON.stringify(message),
          now: now(),
        });
      }
    }
  };

  /** Marks this process sent itself, resolved once handled: everything committed before them has been handled too. */
  const syncs = new Map<string, () => void>();
  const caughtUp = async () => {
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    // A mark lost with the LISTEN connection (being opened again) must not hold the join for ever.
    const done = new Promise<void>((resolve) => {
      syncs.set(id, resolve);
      timer = setTimeout(resolve, SYNC_TIMEOUT_MS);
    });
    try {
      await repo.notify(db, LIVE_CHANNEL, JSON.stringify({ sync: id } satisfies SyncMark));
      await done;
    } finally {
      clearTimeout(timer);
      syncs.delete(id);
    }
  };

  const onNotification = (payload: string) => {
    inbox = inbox
      .then(async () => {
        const parsed = JSON.parse(payload) as Envelope | TakeOverNotice | SyncMark;
        if ('sync' in parsed) {
          syncs.get(parsed.sync)?.();
          syncs.delete(parsed.sync);
          return;
        }
        if ('takeover' in parsed) {
          const { room, id, session } = parsed.takeover;
          const h = held.get(keyOf(room, id));
          if (!h || h.attachment.session === session) return;
          held.delete(keyOf(room, id));
          h.attachment.replaced?.(true);
          return;
        }
        await deliverLocally(parsed);
      })
      .catch(onError);
  };

  const sweep = async () => {
    const t = now();
    if (healthySince === null || t - healthySince < leaseMs) return;
    for (const gone of await repo.deleteExpiredMembers(db, t)) {
      const key = keyOf(gone.room, gone.participantId);
      // Removed here for good: a socket this process still held for it (a stalled process) is let go.
      const h = held.get(key);
      if (h) {
        held.delete(key);
        h.attachment.replaced?.(true);
      }
      // A waiting member's leave is news to the participants only (they close its connection, unseen).
      await publish({
        room: gone.room,
        message: { type: 'left', id: gone.participantId },
        ...(gone.waiting === 1 ? { participantsOnly: true as const } : {}),
      });
      options.onExpired?.(gone.room, gone.participantId);
    }
  };

  let lastCleanup = 0;
  const heartbeat = async () => {
    try {
      await repo.renewLeases(db, processId, now() + leaseMs);
      healthySince ??= now();
    } catch (err) {
      healthySince = null;
      throw err;
    }
    await sweep();
    if (now() - lastCleanup > SIGNAL_RETENTION_MS / 10) {
      lastCleanup = now();
      await repo.sweepOldSignals(db, now() - SIGNAL_RETENTION_MS);
    }
  };
  let beating: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (beating) return;
    beating = heartbeat()
      .catch(onError)
      .finally(() => (beating = null));
  }, heartbeatMs);
  timer.unref();

  let listener: PgListener;
  try {
    listener = await openPgListener({ url: options.databaseUrl, channel: LIVE_CHANNEL, onNotification, onError });
    await listener.ready;
  } catch (err) {
    clearInterval(timer);
    throw err;
  }

  return {
    async join(room, member: Participant, attachment, waiting = false) {
      await sweep();
      // Every message sent before this join is handled here first (PostgreSQL delivers notifications in
      // commit order): a late one cannot reach the new socket after what was kept for it, a second time.
      await caughtUp();
      const key = keyOf(room, member.id);
      const previous = held.get(key);
      // Held before the handover is written, so no message sent after it is missed; those delivered now
      // are remembered, not to be given again from what was kept.
      const h: Held = { attachment, waiting, detached: false, seen: new Set() };
      held.set(key, h);
      if (previous && previous.attachment.session !== attachment.session) previous.attachment.replaced?.(false);
      let taken: repo.TakeOver;
      try {
        const t = now();
        taken = await repo.takeOverOrInsertMember(
          db,
          {
            room,
            participantId: member.id,
            identity: member.identity,
            host: member.host,
            processId,
            session: attachment.session,
            leaseUntil: t + leaseMs,
            now: t,
            waiting,
          },
          MAX_MISSED_MESSAGES,
        );
        if (taken.resumed)
          await repo.notify(
            db,
            LIVE_CHANNEL,
            JSON.stringify({ takeover: { room, id: member.id, session: attachment.session } } satisfies TakeOverNotice),
          );
      } catch (err) {
        if (held.get(key) === h) held.delete(key);
        throw err;
      }
      h.waiting = taken.waiting;
      const [rows, spin] = await Promise.all([repo.listMembers(db, room), repo.getRoomSpin(db, room)]);
      const seen = h.seen ?? new Set<string>();
      h.seen = null;
      const others = rows.filter((r) => r.participantId !== member.id);
      const members: RoomMember[] = others
        .filter((r) => !r.waiting)
        .map((r) => ({
          id: r.participantId,
          identity: r.identity,
          host: r.host,
          media: r.media ? (JSON.parse(r.media) as MediaState) : null,
        }));
      const missed = taken.missed
        .filter(([id]) => !seen.has(id.slice(0, id.lastIndexOf(':'))))
        .map(([, m]) => JSON.parse(m) as ServerMessage);
      return {
        members,
        lobby: others
          .filter((r) => r.waiting)
          .map((r) => ({ id: r.participantId, identity: r.identity, host: r.host })),
        spin: spin ? (JSON.parse(spin) as SpinState) : null,
        resumed: taken.resumed,
        waiting: taken.waiting,
        wasWaiting: taken.wasWaiting,
        missed,
      };
    },
    async admit(room, id, session) {
      const h = held.get(keyOf(room, id));
      if (h?.attachment.session !== session || !h.waiting) return null;
      // A participant here first: a `waiting` notice sent from now on reaches it (one also in the list
      // below is told twice, which the browser takes as once).
      h.waiting = false;
      if (!(await repo.admitMember(db, room, id, session))) {
        h.waiting = true;
        return null;
      }
      const others = (await repo.listMembers(db, room)).filter((r) => r.participantId !== id);
      return {
        lobby: others
          .filter((r) => r.waiting)
          .map((r) => ({ id: r.participantId, identity: r.identity, host: r.host })),
        participants: others.filter((r) => !r.waiting).length,
      };
    },
    async detach(room, id, session) {
      const h = held.get(keyOf(room, id));
      if (h?.attachment.session === session) h.detached = true;
      const done = await repo.detachMember(db, room, id, session, now() + graceMs);
      if (!done && h?.attachment.session === session) held.delete(keyOf(room, id));
      return done;
    },
    async leave(room, id, session) {
      const key = keyOf(room, id);
      if (held.get(key)?.attachment.session === session) held.delete(key);
      return repo.deleteMember(db, room, id, session);
    },
    async sendTo(room, to, message, audience = 'all') {
      if (!(await repo.isMember(db, room, to, audience === 'participants'))) return false;
      await publish({ room, to, message });
      return true;
    },
    async broadcast(room, message, except, audience = 'all') {
      await publish({
        room,
        message,
        ...(except === undefined ? {} : { except }),
        ...(audience === 'participants' ? { participantsOnly: true as const } : {}),
      });
    },
    async setMedia(room, id, media) {
      await repo.setMemberMedia(db, room, id, JSON.stringify(media));
    },
    async setSpin(room, spin) {
      await repo.setRoomSpin(db, room, JSON.stringify(spin));
    },
    occupied: (room) => repo.roomOccupied(db, room),
    headcount: (room, except) => repo.countMembers(db, room, except),
    /** Members whose sockets this process holds (the others' are in the table). */
    size: () => held.size,
    async close() {
      clearInterval(timer);
      await beating;
      await listener.close();
      await inbox;
      for (const resolve of syncs.values()) resolve();
      held.clear();
    },
  };
}
