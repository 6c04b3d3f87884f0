import type { IceServer, LiveOptions, MediaState, Participant, SpinState } from '@forecourt/contracts';

export interface RemoteParticipant extends Participant {
  /** The participant's audio and video as received; null until the first track arrives. */
  stream: MediaStream | null;
  media: MediaState | null;
}

/** What the page reads of a call; replaced (never mutated) on every change, for useSyncExternalStore. */
export interface CallSnapshot {
  /** `reconnecting`: the signalling socket dropped and is coming back; the media between browsers goes on meanwhile. */
  connection: 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';
  self: Participant | null;
  participants: RemoteParticipant[];
  spin: SpinState;
  /** Whether the call is being recorded (the SFU's recording, which the server announces to everyone). */
  recording: boolean;
}

export type TransportEvent =
  | { type: 'participantJoined'; participant: Participant }
  | { type: 'participantLeft'; participant: Participant }
  | { type: 'connectionFailed' }
  | { type: 'disconnected' }
  /** The room has ended for everyone (its host ended it): the page shows the meeting closed. */
  | { type: 'roomEnded' };

export interface JoinOptions {
  token: string;
  iceServers: IceServer[];
  media: LiveOptions['media'];
  /**
   * A new token for a rejoin after the signalling socket dropped, given the previous one (so the server
   * keeps this participant); null when the room refuses for good, a RoomEndedError when it has ended, another
   * rejection to try again later.
   */
  renewToken: (previous: string) => Promise<string | null>;
}

/**
 * The media transport of a call: one small interface, a peer-to-peer driver (p2p-transport.ts) and an SFU
 * driver (sfu-transport.ts), chosen by the room options. The room page and its hooks know nothing else of WebRTC.
 */
export interface MediaTransport {
  /** While the preview shows, anything the driver can set up ahead so that joining is quicker (optional). */
  prepare?(iceServers: IceServer[], stream: MediaStream): void;
  /**
   * While the preview shows: opens the lobby with this token — the signalling socket as a waiting member,
   * listed to nobody, with what the driver can connect ahead, and no media flowing either way until join()
   * (optional; a failure is silent, and join() then connects as without it).
   */
  wait?(options: JoinOptions): Promise<void>;
  /** Into the call: from the lobby if wait() opened it (the token is then unused), else with a socket of its own. */
  join(options: JoinOptions): Promise<void>;
  /** Sends this stream's audio and video to everyone, now and to later arrivals. */
  publish(stream: MediaStream): void;
  /** Swaps the outgoing track of a kind (screen share, another camera) without renegotiating. */
  replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void>;
  unpublish(): void;
  setMediaState(state: MediaState): void;
  /** The host turns the vehicle's spin for everyone. */
  setSpin(spin: SpinState): void;
  /** Audio level (0..1) of each remote participant, for the dominant speaker. */
  audioLevels(): Promise<Map<string, number>>;
  /**
   * The participant shown in the main video (null: none). The SFU driver subscribes to its high simulcast
   * layer and to everyone else's low one; the peer-to-peer driver has the others pause their video to this page.
   */
  showLarge?(id: string | null): void;
  leave(): void;
  subscribe(listener: () => void): () => void;
  snapshot(): CallSnapshot;
  on(listener: (event: TransportEvent) => void): () => void;
}
