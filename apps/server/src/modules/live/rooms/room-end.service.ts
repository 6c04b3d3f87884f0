import type { Adapters } from '../../../platform/adapters';
import { emitWebhookEvent } from '../../webhooks/webhook-events.service';
import * as repo from './live.repo';

type EndDeps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'queue'> & {
  /** Told once the end is committed: the signalling closes the room's sockets, on every process. */
  onEnded?: (roomId: string) => Promise<void>;
};

/** A participant came into the room (not a rejoin): the room's start and its participants count. */
export async function recordRoomEntered(deps: Pick<Adapters, 'db' | 'clock'>, roomId: string): Promise<void> {
  await repo.markRoomEntered(deps.db, roomId, deps.clock.now().toISOString());
}

/**
 * Ends a room, once: `host` when its dealer ends it, `empty` when its last participant left and nobody came back
 * within the grace. `live.room.ended` is written in the same transaction as the end, so of two API processes
 * ending the room at once only the one whose update took emits it. Answers whether this call ended it.
 */
export async function endRoom(deps: EndDeps, roomId: string, reason: 'host' | 'empty'): Promise<boolean> {
  const now = deps.clock.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.markRoomEnded(trx, roomId, now.toISOString(), { started: reason === 'empty' }))) return false;
    const room = (await repo.roomEnd(trx, roomId))!;
    const startedAt = room.started_at ?? null;
    await emitWebhookEvent(deps, trx, {
      type: 'live.room.ended',
      roomId,
      streamKey: roomId,
      data: {
        roomId,
        registration: room.registration,
        reason,
        startedAt,
        endedAt: now.toISOString(),
        durationSeconds: startedAt ? Math.max(0, Math.round((now.getTime() - Date.parse(startedAt)) / 1000)) : 0,
        participants: room.participants_count ?? 0,
      },
    });
    return true;
  });
  if (ended) await deps.onEnded?.(roomId);
  return ended;
}

/** Whether the room has ended (or is gone): its signalling socket takes nobody, whatever their token. */
export async function roomHasEnded(deps: Pick<Adapters, 'db'>, roomId: string): Promise<boolean> {
  const room = await repo.roomEnd(deps.db, roomId);
  return !room || room.ended_at !== null;
}

/**
 * What the signalling calls when a member left a room for good (or its process died): once the room has stayed
 * empty for LIVE_ROOM_END_GRACE_SECONDS on every process, it ends. The timer is this process's; the end is once.
 */
export function endWhenEmpty(
  deps: EndDeps & Pick<Adapters, 'config'>,
  occupied: (room: string) => Promise<boolean>,
  onError: (err: unknown) => void,
): (room: string) => void {
  return (room) => {
    setTimeout(() => {
      void (async () => {
        if (!(await occupied(room))) await endRoom(deps, room, 'empty');
      })().catch(onError);
    }, deps.config.LIVE_ROOM_END_GRACE_SECONDS * 1000).unref();
  };
}
