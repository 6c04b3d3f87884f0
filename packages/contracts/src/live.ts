import { z } from 'zod';
import { AccountLanguage } from './account';
import { ContactInformation, PlayerRef } from './players';
import { OptionalRegistrationInput } from './products';
import { RATING_COMMENT_MAX, RATING_SCORE_MAX } from './player-media';

/** Room appointment in UTC as the create payload carries it (spec section 3): 'YYYY-MM-DD HH:mm:ss'. */
export const UTC_APPOINTMENT = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
export const SESSION_NAME_MAX = 100;
/** A meeting code: at least 96 random bits, URL-safe (the server makes 128). */
export const MeetingCode = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a meeting code');
export const LiveRoomId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'is not a room id');

/** Room create payload of spec section 3, plus the optional vehicle shown in the call. */
export const LiveRoomCreate = z.object({
  session_name: z.string().trim().min(1).max(SESSION_NAME_MAX),
  user_id: z.string().min(1).max(100),
  appointment_date: z.string().regex(UTC_APPOINTMENT, 'is not a UTC date YYYY-MM-DD HH:mm:ss'),
  owner_id: z.string().min(1).max(100),
  /** The same rule as a shooting's registration (letters, digits, spaces, dashes; no emoji); blank is none. */
  registration: OptionalRegistrationInput,
});
export type LiveRoomCreate = z.infer<typeof LiveRoomCreate>;

/** A room as its creator sees it (create answer and list item). */
export const LiveRoom = z.object({
  id_live_video: z.string(),
  session_name: z.string(),
  room_name: z.string(),
  appointment_date: z.string(),
  meeting_code: z.string(),
  link: z.string(),
  owner_id: z.string(),
  registration: z.string().nullable(),
});
export type LiveRoom = z.infer<typeof LiveRoom>;

export const LiveRoomList = z.object({ items: z.array(LiveRoom) });
export type LiveRoomList = z.infer<typeof LiveRoomList>;

/** What the room page needs: the room, its owner's logo and contact information, and the vehicle. */
export const LiveRoomInfo = z.object({
  id_live_video: z.string(),
  session_name: z.string(),
  room_name: z.string(),
  appointment_date: z.string(),
  link: z.string(),
  ownerName: z.string(),
  logoUrl: z.string().nullable(),
  contactInformations: z.array(ContactInformation),
  /** The vehicle's public player, whose spin the dealer may show in the call. */
  vehicle: z.object({ registration: z.string(), playerRef: PlayerRef.nullable() }).nullable(),
  /** The room has ended (its host ended it, or it stayed empty): nobody joins it any more. */
  ended: z.boolean(),
});
export type LiveRoomInfo = z.infer<typeof LiveRoomInfo>;

export const LiveRoomCodeQuery = z.object({ code: z.string().max(64).optional() });

export const LiveTokenQuery = z.object({
  identity: z.string().trim().min(1).max(60),
  room: z.string().min(1).max(100),
  code: z.string().max(64).optional(),
  /** The caller's previous room token, even expired: the new one keeps its participant (a rejoin, not a new arrival). */
  resume: z.string().max(2000).optional(),
});
export const IceServer = z.object({
  urls: z.union([z.string(), z.array(z.string()).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServer>;

export const LiveToken = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  /** The STUN/TURN servers of this participant, TURN with time-limited credentials of its own (TURN REST scheme). */
  iceServers: z.array(IceServer),
});
export type LiveToken = z.infer<typeof LiveToken>;

/** Live options (`API/V1/videos/live/{id}/options`): the media settings of spec section 7 and the ICE servers. */
export const LiveOptions = z.object({
  iceServers: z.array(IceServer),
  /** How the call's media travel: between the browsers (`p2p`) or through the deployment's SFU (`sfu`, Janus). */
  driver: z.enum(['p2p', 'sfu']),
  media: z.object({
    videoCodec: z.literal('VP8'),
    maxAudioBitrate: z.number().int(),
    video: z.object({ width: z.number().int(), height: z.number().int(), frameRate: z.number().int() }),
    dominantSpeaker: z.boolean(),
  }),
});
export type LiveOptions = z.infer<typeof LiveOptions>;

export const LIVE_MEDIA: LiveOptions['media'] = {
  videoCodec: 'VP8',
  maxAudioBitrate: 16_000,
  video: { width: 600, height: 400, frameRate: 24 },
  dominantSpeaker: true,
};

/** A visitor's rating after a call (spec section 3); the code proves they were given the link. */
export const LiveScoring = z.object({
  id_live_video: LiveRoomId,
  code: MeetingCode,
  score: z.number().int().min(1).max(RATING_SCORE_MAX),
  comment: z.string().trim().max(RATING_COMMENT_MAX).optional(),
});
export type LiveScoring = z.infer<typeof LiveScoring>;

/** After a successful e-mail of a room link (spec section 7). */
export const LiveSharedStatistic = z.object({ source: z.literal('WEB'), sharingType: z.literal('EMAIL') });
export type LiveSharedStatistic = z.infer<typeof LiveSharedStatistic>;

/** E-mail of a room link: the server writes the calendar invitation (.ics) attached to it. */
export const LiveRoomEmail = z.object({
  to: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'is not an e-mail address')
    .max(254),
  subject: z.string().trim().min(1).max(200),
  body: z.string().min(1).max(10_000),
  /** The language the message is written in, in which the e-mail states the meeting's date (the sender's, unset). */
  language: AccountLanguage.optional(),
  /** The IANA time zone the meeting was set in (the sender's browser's); Europe/Paris unset. */
  timeZone: z.string().max(64).optional(),
});
export type LiveRoomEmail = z.infer<typeof LiveRoomEmail>;

// ---- Recordings of SFU calls ----

export const LiveRecordingId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'is not a recording id');
export const LiveRecordingStatus = z.enum(['recording', 'processing', 'ready', 'failed']);
export type LiveRecordingStatus = z.infer<typeof LiveRecordingStatus>;

/** A recording of a room's call, as its dealers see it. */
export const LiveRecording = z.object({
  id: z.string(),
  /** When it was started, ISO 8601 UTC. */
  startedAt: z.string(),
  /** The recorded time (start to stop), null while it records. */
  durationMs: z.number().int().nonnegative().nullable(),
  status: LiveRecordingStatus,
  /** Size of the MP4 once ready. */
  sizeBytes: z.number().int().nonnegative().nullable(),
  /** The public link, once shared. */
  shareUrl: z.string().nullable(),
});
export type LiveRecording = z.infer<typeof LiveRecording>;

export const LiveRecordingList = z.object({
  /** Whether this deployment can record (the SFU driver): the start button's condition. */
  available: z.boolean(),
  items: z.array(LiveRecording),
});
export type LiveRecordingList = z.infer<typeof LiveRecordingList>;

/** A short-lived URL of a ready recording's MP4 (download). */
export const LiveRecordingDownload = z.object({ url: z.string() });
export type LiveRecordingDownload = z.infer<typeof LiveRecordingDownload>;

/** The public link of a recording: anyone who has it may watch and download the MP4. */
export const LiveRecordingShare = z.object({ shareUrl: z.string() });
export type LiveRecordingShare = z.infer<typeof LiveRecordingShare>;

/** A public recording link's token (128 random bits, URL-safe). */
export const LiveRecordingShareToken = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'is not a link');

// ---- Signalling (WebSocket) ----

export const ParticipantId = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/);
export const Participant = z.object({ id: ParticipantId, identity: z.string(), host: z.boolean() });
export type Participant = z.infer<typeof Participant>;

export const MediaState = z.object({ audio: z.boolean(), video: z.boolean(), screen: z.boolean() });
export type MediaState = z.infer<typeof MediaState>;

/** Which peer connection of a pair a signal is about: chosen by its offerer, new for every connection made afresh. */
export const PeerConnectionId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

const IceCandidateInit = z.object({
  candidate: z.string().max(2000),
  sdpMid: z.string().max(100).nullable().optional(),
  sdpMLineIndex: z.number().int().nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});

const SignalData = z.union([
  z.object({
    pc: PeerConnectionId,
    description: z.object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z.string().max(100_000).optional(),
    }),
  }),
  z.object({
    pc: PeerConnectionId,
    candidate: IceCandidateInit,
  }),
  /**
   * Whether the receiver shows this connection's video (its main video): a mesh sender pauses the video of a
   * connection whose receiver shows none, so a 4-way call encodes and decodes one stream a viewer, not three.
   */
  z.object({
    pc: PeerConnectionId,
    shown: z.boolean(),
  }),
]);
export type SignalData = z.infer<typeof SignalData>;

/** The spin the dealer shows: frame index, or null when it is put away. */
export const SpinState = z.object({ frame: z.number().int().min(0).max(999) }).nullable();
export type SpinState = z.infer<typeof SpinState>;

// ---- SFU driver (Janus): the browser negotiates with the server, which drives Janus for it ----

/** A publication of a participant: its camera (with microphone), and its screen while it shares one. */
export const SfuFeed = z.enum(['camera', 'screen']);
export type SfuFeed = z.infer<typeof SfuFeed>;
/** One of a browser's SFU connections: its publications by name, its subscriptions as `s<number>`. */
export const SfuPc = z.string().regex(/^(camera|screen|s\d{1,9})$/);
const SfuSdp = (type: 'offer' | 'answer') => z.object({ type: z.literal(type), sdp: z.string().max(100_000) });
/** The layer a subscriber wants of someone's camera: its main video gets the high one, thumbnails the low one. */
export const SfuLayer = z.enum(['high', 'low']);
export type SfuLayer = z.infer<typeof SfuLayer>;

export const SfuClientData = z.discriminatedUnion('op', [
  z.object({ op: z.literal('publish'), feed: SfuFeed, jsep: SfuSdp('offer') }),
  z.object({ op: z.literal('unpublish'), feed: z.literal('screen') }),
  z.object({ op: z.literal('answer'), pc: SfuPc, jsep: SfuSdp('answer') }),
  /** A local ICE candidate of one connection; null when its gathering is complete. */
  z.object({ op: z.literal('candidate'), pc: SfuPc, candidate: IceCandidateInit.nullable() }),
  z.object({ op: z.literal('layer'), of: ParticipantId, layer: SfuLayer }),
  /**
   * The browser lost its connections to the SFU (closed, or ICE failed) while the server kept them: the
   * server lets go of them and starts afresh (new subscription offers follow), and the browser publishes again.
   */
  z.object({ op: z.literal('reset') }),
]);
export type SfuClientData = z.infer<typeof SfuClientData>;

export const SfuServerData = z.discriminatedUnion('op', [
  /** The SFU's answer to a publication. */
  z.object({ op: z.literal('answer'), pc: SfuFeed, jsep: SfuSdp('answer') }),
  /** A subscription to another participant's publication, offered by the SFU. */
  z.object({ op: z.literal('offer'), pc: SfuPc, from: ParticipantId, feed: SfuFeed, jsep: SfuSdp('offer') }),
  /** That publication ended: the subscription is closed. */
  z.object({ op: z.literal('gone'), pc: SfuPc }),
  /** The SFU heard this participant start or stop talking (its audio-level events). */
  z.object({ op: z.literal('talking'), id: ParticipantId, talking: z.boolean() }),
  /** The SFU refused or lost this connection; the browser may publish again. */
  z.object({ op: z.literal('failed'), pc: SfuPc }),
]);
export type SfuServerData = z.infer<typeof SfuServerData>;

/**
 * What a browser sends on the signalling socket. A socket opened with `lobby=1` is a *waiting* member (the
 * preview's "green room"): it negotiates its connections with the participants ahead, but is listed to
 * nobody, may send no media state or spin, and its media flows only after it sends `join`.
 */
export const ClientMessage = z.discriminatedUnion('type', [
  /** The click on "Join the meeting": the waiting member becomes a participant, announced to everyone. */
  z.object({ type: z.literal('join') }),
  z.object({ type: z.literal('signal'), to: ParticipantId, data: SignalData }),
  z.object({ type: z.literal('media'), state: MediaState }),
  z.object({ type: z.literal('spin'), spin: SpinState }),
  z.object({ type: z.literal('sfu'), data: SfuClientData }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** What the server sends on the signalling socket. */
export const ServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    self: Participant,
    participants: z.array(Participant.extend({ media: MediaState.nullable() })),
    spin: SpinState,
    /**
     * True when this participant was still in the room (a dropped socket come back in time): the others saw
     * no leave. With the SFU, also that this server still holds its media: false tells a rejoin through
     * another API process to publish again (the others, still, saw no leave).
     */
    resumed: z.boolean(),
    /**
     * Still in the lobby (the socket was opened with `lobby=1`): `participants` are those in the call, and
     * `joined`/`left` keep it up to date until `entered`.
     */
    waiting: z.boolean(),
  }),
  /** A participant came in; to a waiting member too (it then offers its connection to it). */
  z.object({ type: z.literal('joined'), participant: Participant }),
  /** A participant left; to participants only when it was a waiting member (whose connection closes, with no notice). */
  z.object({ type: z.literal('left'), id: ParticipantId }),
  /**
   * To participants only: a waiting member whose connection they accept (its offer follows) and to which they
   * send no media until its `joined`. Never shown, never noticed.
   */
  z.object({ type: z.literal('waiting'), participant: Participant }),
  /** To a waiting member after its `join`: it is in the call; its media may flow (`waiting` notices for the lobby follow). */
  z.object({ type: z.literal('entered') }),
  z.object({ type: z.literal('signal'), from: ParticipantId, data: SignalData }),
  z.object({ type: z.literal('media'), from: ParticipantId, state: MediaState }),
  z.object({ type: z.literal('spin'), spin: SpinState }),
  z.object({ type: z.literal('sfu'), data: SfuServerData }),
  /** The room's call is being recorded (on) or not: sent on every change and after each welcome. */
  z.object({ type: z.literal('recording'), on: z.boolean() }),
  /** The room has ended (its host ended it): the socket closes next with LIVE_CLOSE.ROOM_ENDED, for every member. */
  z.object({ type: z.literal('ended') }),
  z.object({
    type: z.literal('error'),
    /**
     * RATE_LIMITED: messages past this socket's budget were not handled (told once a second). ROOM_FULL: the
     * room has its most participants (LIVE_MAX_PARTICIPANTS); the socket closes with LIVE_CLOSE.ROOM_FULL.
     */
    code: z.enum([
      'INVALID_MESSAGE',
      'NOT_IN_ROOM',
      'FORBIDDEN',
      'SFU_UNAVAILABLE',
      'NOT_JOINED',
      'RATE_LIMITED',
      'ROOM_FULL',
    ]),
  }),
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/**
 * Close codes of the signalling socket. ROOM_FULL: refused at its arrival, the room has its most
 * participants. ROOM_ENDED: the room has ended (refused at its arrival with a token taken before the end, or
 * closed for everyone when it ends). FLOODED: it sent far past its message budget.
 */
export const LIVE_CLOSE = {
  INVALID_TOKEN: 4401,
  EXPIRED_TOKEN: 4403,
  REPLACED: 4409,
  ROOM_ENDED: 4410,
  ROOM_FULL: 4413,
  FLOODED: 4429,
} as const;
