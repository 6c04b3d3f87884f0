// The part of janode (plain JavaScript, no types of its own) that the Janus gateway uses.
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface JanodeSession extends EventEmitter {
    attach<H>(plugin: { id: string; Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }
  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    getInfo(): Promise<unknown>;
    close(): Promise<void>;
  }
  const Janode: {
    connect(config: {
      address: { url: string; apisecret?: string };
      retry_time_secs?: number;
      max_retries?: number;
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): void };
    EVENT: Record<
      | 'CONNECTION_CLOSED'
      | 'SESSION_DESTROYED'
      | 'HANDLE_DETACHED'
      | 'HANDLE_HANGUP'
      | 'HANDLE_ICE_FAILED'
      | 'CONNECTION_ERROR',
      string
    >;
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { EventEmitter } from 'node:events';

  export interface Jsep {
    type: 'offer' | 'answer';
    sdp: string;
  }
  export interface Publisher {
    feed: number;
    display?: string;
  }
  export interface SubscribedStream {
    mid: string;
    type: 'audio' | 'video' | 'data';
    feed_id?: number;
  }
  export class VideoRoomHandle extends EventEmitter {
    create(params: {
      room: number;
      description: string;
      max_publishers?: number;
      permanent?: boolean;
      is_private?: boolean;
      secret: string;
      pin: string;
      admin_key?: string;
      bitrate?: number;
      audiocodec?: string;
      videocodec?: string;
      talking_events?: boolean;
      talking_level_threshold?: number;
      talking_packets_threshold?: number;
      notify_joining?: boolean;
      record?: boolean;
      rec_dir?: string;
    }): Promise<{ room: number }>;
    destroy(params: { room: number; secret: string }): Promise<unknown>;
    list(params?: {
      admin_key?: string;
    }): Promise<{ list: { room: number; description: string; num_participants: number }[] }>;
    listParticipants(params: {
      room: number;
      secret?: string;
    }): Promise<{ participants: { feed: number; display?: string; publisher?: boolean }[] }>;
    /** Removes a participant (its feed) from the room; needs the room's secret. */
    kick(params: { room: number; feed: number; secret: string }): Promise<unknown>;
    joinPublisher(params: {
      room: number;
      display: string;
      pin: string;
    }): Promise<{ feed: number; publishers: Publisher[] }>;
    joinConfigurePublisher(params: {
      room: number;
      display: string;
      pin: string;
      audio?: boolean;
      video?: boolean;
      jsep: Jsep;
    }): Promise<{ feed: number; jsep?: Jsep }>;
    publish(params: { audio?: boolean; video?: boolean; jsep: Jsep; display?: string }): Promise<{ jsep?: Jsep }>;
    joinSubscriber(params: {
      room: number;
      streams: { feed: number }[];
      pin: string;
    }): Promise<{ jsep?: Jsep; streams?: SubscribedStream[] }>;
    start(params: { jsep: Jsep }): Promise<unknown>;
    /** A subscriber's streams (`send: false` holds one back), or a publisher's display name. */
    configure(
      params: { streams: { mid: string; substream?: number; send?: boolean }[] } | { display: string },
    ): Promise<unknown>;
    trickle(candidate: object): Promise<unknown>;
    trickleComplete(): Promise<unknown>;
    leave(): Promise<unknown>;
    /** Records every publication of the room from now on (and those made later), or stops. */
    enable_recording(params: { room: number; secret: string; record: boolean }): Promise<{ record?: boolean }>;
    /** A request janode has no method for (the VideoRoom's `edit`): the raw answer. */
    message(body: object): Promise<unknown>;
    detach(): Promise<void>;
  }
  const VideoRoomPlugin: {
    id: string;
    Handle: typeof VideoRoomHandle;
    EVENT: Record<
      | 'VIDEOROOM_PUB_LIST'
      | 'VIDEOROOM_UNPUBLISHED'
      | 'VIDEOROOM_LEAVING'
      | 'VIDEOROOM_KICKED'
      | 'VIDEOROOM_TALKING'
      | 'VIDEOROOM_DESTROYED'
      | 'VIDEOROOM_DISPLAY'
      | 'VIDEOROOM_SC_SUBSTREAM_LAYER',
      string
    >;
  };
  export default VideoRoomPlugin;
}
