import { createHash, createHmac } from 'node:crypto';
import {
  ContactInformation,
  LIVE_MEDIA,
  ACCOUNT_LANGUAGES,
  PORTAL_MARKETPLACE,
  stockDisplayName,
  type LiveOptions,
  type LiveRoom,
  type LiveRoomCreate,
  type LiveRoomEmail,
  type LiveRoomInfo,
  type LiveScoring,
  type LiveToken,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { Adapters } from '../../../platform/adapters';
import { AppError, badRequest, notFound, RateLimitedError } from '../../../platform/errors';
import { RateLimiter } from '../../../platform/rate-limit';
import { requireOption, sameSecret } from '../../identity/auth';
import type { UserContext } from '../../identity/user-context';
import { escapeHtml } from '../../../platform/html';
import { referenceFor } from '../../players/players.service';
import { rateOnce, ratingsSince } from '../../players/ratings.service';
import { recordEvent } from '../../statistics/statistics.service';
import { roomInvitation } from './ics';
import { isTimeZone, meetingWhen } from './meeting-when';
import * as repo from './live.repo';
import { endRoom } from './room-end.service';
import { LIVE_TOKEN_TTL_SECONDS, type LiveTokens } from './live-token';
import { turnCredentials } from './turn-credentials';

/**
 * What the live room functions use: the adapters, the room tokens, the key that hides visitors' addresses,
 * the rate limits one process keeps (made once by the module, `liveLimits`), and how many members a room
 * holds now (the signal bus, on every process).
 */
export type LiveDeps = Pick<Adapters, 'db' | 'blobs' | 'clock' | 'ids' | 'config' | 'mail' | 'queue'> & {
  tokens: LiveTokens;
  visitorSecret: string;
  limits: LiveLimits;
  headcount: (room: string, except?: string) => Promise<number>;
  /** The room has ended: its members are told and their sockets closed (the signalling bus, every process). */
  onEnded?: (room: string) => Promise<void>;
};

export interface LiveLimits {
  publicWrites: RateLimiter;
  emails: RateLimiter;
  tokens: RateLimiter;
}

/** Room tokens one address may take a minute: a page takes one for its preview, its join and each rejoin; a
 * dealership behind one address opens a few pages. */
export const LIVE_TOKENS_PER_ADDRESS_MINUTE = 120;

/**
 * Burst limits per visitor address for the public writes and the room tokens, and one per user for the
 * e-mails. Counted in the database: every API process counts in the same window.
 */
export const liveLimits = (deps: Pick<Adapters, 'db' | 'clock'>): LiveLimits => ({
  publicWrites: new RateLimiter(deps.db, deps.clock, 'live-writes', 30, 60_000),
  emails: new RateLimiter(deps.db, deps.clock, 'live-emails', 20, 60_000),
  tokens: new RateLimiter(deps.db, deps.clock, 'live-tokens', LIVE_TOKENS_PER_ADDRESS_MINUTE, 60_000),
});

/** Counts a hit of `key`; a 429 with `Retry-After` once its window is used up. */
async function within(limiter: RateLimiter, key: string, message: string): Promise<void> {
  const hit = await limiter.hit(key);
  if (!hit.allowed) throw new RateLimitedError(message, hit.retryAfterSeconds);
}

/** Ratings one visitor may leave in an hour, over all rooms. */
export const LIVE_RATINGS_PER_VISITOR_HOUR = 20;
/** An appointment may be set this long in the past: the dealer's "today" may still be yesterday in UTC. */
const PAST_MARGIN_MS = 24 * 3600_000;

// Same answer for a missing room and a wrong code: a visitor learns nothing from trying.
const wrongCode = () => new AppError('WRONG_MEETING_CODE', 'The meeting code is wrong; check the link');

const linkOf = (deps: Pick<LiveDeps, 'config'>, r: repo.LiveRoomRow) =>
  `${deps.config.PUBLIC_URL}/videos/live/rooms/${r.id}?code=${r.meetingCode}`;
const visitorOf = (deps: Pick<LiveDeps, 'visitorSecret'>, ip: string) =>
  createHmac('sha256', deps.visitorSecret).update(ip).digest('base64url').slice(0, 32);

const asRoom = (deps: Pick<LiveDeps, 'config'>, r: repo.LiveRoomRow): LiveRoom => ({
  id_live_video: r.id,
  session_name: r.sessionName,
  room_name: r.roomName,
  appointment_date: r.appointmentDate,
  meeting_code: r.meetingCode,
  link: linkOf(deps, r),
  owner_id: r.ownerId,
  registration: r.registration,
});

/** The room when the caller is a signed-in user of its owner with the option, else null. */
const hostedRoom = (user: UserContext | null, r: repo.LiveRoomRow | null) =>
  r && user && user.options.useVideoLive === true && user.ownerIds.includes(r.ownerId) ? r : null;

/** A room reached by its meeting code, or by its dealer without one. */
const reachRoom = async (
  deps: Pick<LiveDeps, 'db'>,
  id: string,
  code: string | undefined,
  user: UserContext | null,
) => {
  const r = await repo.findRoom(deps.db, id);
  if (hostedRoom(user, r)) return r!;
  if (!r || !code || !sameSecret(code, r.meetingCode)) throw wrongCode();
  return r;
};

/** The room when the caller is one of its dealer group's users with the live option; a foreign room answers 404. */
export const inScope = async (deps: Pick<LiveDeps, 'db'>, user: UserContext, id: string) => {
  requireOption(user, 'useVideoLive');
  const r = hostedRoom(user, await repo.findRoom(deps.db, id));
  if (!r) throw notFound('Room');
  return r;
};

export async function createRoom(
  deps: Pick<LiveDeps, 'db' | 'clock' | 'ids' | 'config'>,
  user: UserContext,
  input: LiveRoomCreate,
): Promise<LiveRoom> {
  requireOption(user, 'useVideoLive');
  if (input.user_id !== user.id || !user.ownerIds.includes(input.owner_id)) throw notFound('Owner');
  const at = Date.parse(`${input.appointment_date.replace(' ', 'T')}Z`);
  if (Number.isNaN(at)) throw badRequest('The appointment is not a date', { field: 'appointment_date' });
  if (at < deps.clock.now().getTime() - PAST_MARGIN_MS)
    throw badRequest('The appointment is in the past', { field: 'appointment_date' });
  let playerRef: string | null = null;
  const registration = input.registration || null;
  if (registration) {
    const shooting = await repo.findVehicleShooting(deps.db, input.owner_id, registration);
    if (!shooting) throw badRequest('No 360 shooting of this vehicle in this stock', { field: 'registration' });
    playerRef = await referenceFor(deps, {
      shootingId: shooting.id,
      marketplace: PORTAL_MARKETPLACE,
      newRef: deps.ids.token(),
      userId: user.id,
      now: deps.clock.now().toISOString(),
    });
  }
  const row: repo.LiveRoomRow = {
    id: deps.ids.uuid(),
    ownerId: input.owner_id,
    userId: user.id,
    sessionName: input.session_name,
    roomName: `room-${deps.ids.token()}`,
    appointmentDate: input.appointment_date,
    meetingCode: deps.ids.token(),
    createdAt: deps.clock.now().toISOString(),
    registration,
    playerRef,
  };
  await repo.insertRoom(deps.db, row);
  return asRoom(deps, row);
}

export async function listRooms(deps: LiveDeps, user: UserContext, userId: string): Promise<LiveRoom[]> {
  requireOption(user, 'useVideoLive');
  if (userId !== user.id) throw notFound('User');
  return (await repo.listRooms(deps.db, user.id, user.ownerIds)).map((r) => asRoom(deps, r));
}

export async function roomInfo(
  deps: LiveDeps,
  id: string,
  code: string | undefined,
  user: UserContext | null,
): Promise<LiveRoomInfo> {
  const r = await reachRoom(deps, id, code, user);
  const owner = await repo.findOwner(deps.db, r.ownerId);
  const contacts = z.array(ContactInformation).safeParse(JSON.parse(owner?.contactInformation || '[]'));
  const logoVersion = owner?.logoKey
    ? createHash('sha256').update(owner.logoKey).digest('base64url').slice(0, 12)
    : null;
  return {
    id_live_video: r.id,
    session_name: r.sessionName,
    room_name: r.roomName,
    appointment_date: r.appointmentDate,
    link: linkOf(deps, r),
    ownerName: stockDisplayName({ id: r.ownerId, ...owner }),
    logoUrl: logoVersion ? `/api/videos/live/rooms/${r.id}/logo?code=${r.meetingCode}&v=${logoVersion}` : null,
    contactInformations: [
      ...(contacts.success ? contacts.data : []),
      ...(owner?.contactPhone ? [{ title: 'phone', value: owner.contactPhone }] : []),
    ],
    vehicle: r.registration ? { registration: r.registration, playerRef: r.playerRef } : null,
    ended: r.endedAt !== null,
  };
}

export async function roomLogo(deps: LiveDeps, id: string, code: string | undefined) {
  const r = await reachRoom(deps, id, code, null);
  const owner = await repo.findOwner(deps.db, r.ownerId);
  const obj = owner?.logoKey ? await deps.blobs.get(owner.logoKey) : null;
  if (!obj) throw notFound('Logo');
  return obj;
}

export async function roomOptions(
  deps: LiveDeps,
  id: string,
  code: string | undefined,
  user: UserContext | null,
): Promise<LiveOptions> {
  await reachRoom(deps, id, code, user);
  return {
    iceServers: deps.config.LIVE_ICE_SERVERS,
    driver: deps.config.LIVE_SFU === 'janus' ? 'sfu' : 'p2p',
    media: LIVE_MEDIA,
  };
}

/** The token that opens the signalling socket for this room and identity; its dealer joins as host. */
export async function roomToken(
  deps: LiveDeps,
  input: { identity: string; room: string; code?: string; resume?: string },
  user: UserContext | null,
  ip: string,
): Promise<LiveToken> {
  // Counted first, before any lookup: guessing codes or minting tokens in bulk costs a 429, not a query.
  await within(deps.limits.tokens, visitorOf(deps, ip), 'Too many room tokens asked for, try again later');
  const found = await repo.findRoomByName(deps.db, input.room);
  const r = await reachRoom(deps, found?.id ?? '', input.code, user);
  // An ended room takes nobody in, not even its host: a late joiner would wait alone in a closed room.
  if (r.endedAt !== null) throw new AppError('ROOM_ENDED', 'This meeting has ended');
  const now = deps.clock.now().getTime();
  // A rejoin after a dropped socket keeps its participant, so the others see no leave and join.
  const resumed = input.resume ? deps.tokens.resumable(input.resume, r.id, input.identity, now) : null;
  // A room with its most members gives no token for one more (its socket would be refused as well).
  if ((await deps.headcount(r.id, resumed || undefined)) >= deps.config.LIVE_MAX_PARTICIPANTS)
    throw new AppError('ROOM_FULL', 'This meeting has reached its maximum number of participants');
  const participant = resumed || deps.ids.token();
  const token = deps.tokens.issue({
    room: r.id,
    identity: input.identity,
    participant,
    host: hostedRoom(user, r) !== null,
    exp: Math.floor(now / 1000) + LIVE_TOKEN_TTL_SECONDS,
  });
  const { TURN_URLS, TURN_SECRET, TURN_TTL_SECONDS } = deps.config;
  const turn =
    TURN_SECRET && TURN_URLS.length > 0
      ? [turnCredentials({ urls: TURN_URLS, secret: TURN_SECRET, ttlSeconds: TURN_TTL_SECONDS }, participant, now)]
      : [];
  return {
    access_token: token,
    expires_in: LIVE_TOKEN_TTL_SECONDS,
    iceServers: [...deps.config.LIVE_ICE_SERVERS, ...turn],
  };
}

/** A visitor's rating after a call: one per visitor and room, and a few per hour over all rooms. */
export async function rateRoom(deps: LiveDeps, input: LiveScoring, ip: string): Promise<void> {
  const r = await reachRoom(deps, input.id_live_video, input.code, null);
  const visitor = visitorOf(deps, ip);
  const now = deps.clock.now();
  await within(deps.limits.publicWrites, visitor, 'Too many requests, try again later');
  if (
    (await ratingsSince(deps, 'LIVE', visitor, new Date(now.getTime() - 3600_000).toISOString())) >=
    LIVE_RATINGS_PER_VISITOR_HOUR
  ) {
    throw new AppError('RATE_LIMITED', 'Too many ratings, try again later');
  }
  // The same id for a visitor and room: the database itself refuses a second rating.
  const id = createHash('sha256').update(`LIVE\n${r.id}\n${visitor}`).digest('base64url').slice(0, 32);
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  if (
    !(await rateOnce(deps, 'LIVE', {
      id,
      target: r.id,
      visitor,
      score: input.score,
      comment,
      now: now.toISOString(),
    }))
  ) {
    throw new AppError('RATE_LIMITED', 'You have already rated this meeting');
  }
}

/** Sends the room link by e-mail with its calendar invitation, so the customer's calendar gets it. */
export async function emailRoomLink(
  deps: LiveDeps,
  user: UserContext,
  id: string,
  input: LiveRoomEmail,
): Promise<void> {
  const r = await inScope(deps, user, id);
  requireOption(user, 'useSendEmail');
  await within(deps.limits.emails, user.id, 'Too many messages, try again in a minute');
  const timeZone = input.timeZone ?? 'Europe/Paris';
  if (!isTimeZone(timeZone)) throw badRequest('Unknown time zone', { field: 'timeZone' });
  const language = input.language ?? (ACCOUNT_LANGUAGES.find((l) => user.locale.startsWith(l)) || 'fr');
  // The meeting's name and date open the message: a customer reads when it is without opening the .ics.
  const when = meetingWhen(r.appointmentDate, language, timeZone);
  const lines = input.body.split(/<br\s*\/?>|\r?\n/gi);
  const link = linkOf(deps, r);
  const html = lines
    .map((l) =>
      escapeHtml(l)
        .split(escapeHtml(link))
        .join(`<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`),
    )
    .join('<br>');
  const ics = roomInvitation({
    uid: `${r.id}@forecourt`,
    title: r.sessionName,
    appointmentUtc: r.appointmentDate,
    link,
    organizer: user.email,
    nowUtc: deps.clock.now().toISOString().slice(0, 19).replace('T', ' '),
  });
  try {
    await deps.mail.send({
      to: input.to,
      subject: input.subject,
      text: `${r.sessionName}\n${when}\n\n${lines.join('\n')}`,
      html: `<!doctype html><html><body><div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5"><p><strong>${escapeHtml(r.sessionName)}</strong><br>${escapeHtml(when)}</p>${html}</div></body></html>`,
      fromName: `${user.givenName} ${user.familyName}`.trim(),
      replyTo: user.email,
      attachments: [
        { filename: 'invitation.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST', content: ics },
      ],
      origin: { userId: user.id, groupId: user.groupId },
    });
  } catch {
    throw new AppError('INTERNAL_ERROR', 'The e-mail could not be sent', undefined, 502);
  }
}

/** Records that the caller shared one of their rooms (spec section 7). */
/** The room's dealer ends it (`live.room.ended`, reason `host`); ending an ended room changes nothing. */
export async function endHostedRoom(deps: LiveDeps, user: UserContext, id: string): Promise<void> {
  await inScope(deps, user, id);
  await endRoom(deps, id, 'host');
}

export async function recordRoomShared(deps: LiveDeps, user: UserContext, userId: string, id: string): Promise<void> {
  if (userId !== user.id) throw notFound('User');
  const r = await inScope(deps, user, id);
  await recordEvent(deps, {
    id: deps.ids.uuid(),
    userId: user.id,
    kind: 'LIVE_SHARED',
    subject: r.id,
    payload: { source: 'WEB', sharingType: 'EMAIL' },
    now: deps.clock.now().toISOString(),
  });
}
