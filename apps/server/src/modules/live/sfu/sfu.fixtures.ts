import { EventEmitter } from 'node:events';
import {
  VIDEOROOM_EVENT,
  type JanusGateway,
  type Jsep,
  type VideoRoomHandle,
} from '../../../platform/janus/janus-gateway';

/** A VideoRoom handle that records the requests made of it and answers as Janus would, for the SFU's unit tests. */
export class FakeHandle extends EventEmitter {
  readonly calls: { method: string; params: unknown }[] = [];
  detached = false;
  constructor(
    private readonly janus: FakeJanus,
    readonly id: number,
  ) {
    super();
  }
  private record(method: string, params?: unknown) {
    this.calls.push({ method, params });
    const once = this.janus.failOnce.get(method);
    this.janus.failOnce.delete(method);
    const failure = once ?? this.janus.failures.get(method);
    if (failure) throw failure;
  }
  async create(params: { room: number }) {
    this.record('create', params);
    if (this.janus.rooms.has(params.room)) throw Object.assign(new Error('Room exists'), { _code: 427 });
    this.janus.rooms.set(params.room, []);
    return { room: params.room };
  }
  async destroy(params: { room: number }) {
    this.record('destroy', params);
    this.janus.rooms.delete(params.room);
    return {};
  }
  async list(params?: unknown) {
    this.record('list', params);
    return { list: this.janus.listed };
  }
  async listParticipants(params: { room: number }) {
    this.record('listParticipants', params);
    const feeds = this.janus.rooms.get(params.room);
    if (!feeds) throw Object.assign(new Error('No such room'), { _code: 426 });
    return { participants: feeds.map((feed) => ({ feed, display: this.janus.displays.get(feed) })) };
  }
  async kick(params: { room: number; feed: number }) {
    this.record('kick', params);
    this.janus.rooms.set(
      params.room,
      (this.janus.rooms.get(params.room) ?? []).filter((f) => f !== params.feed),
    );
    return {};
  }
  async joinPublisher(params: { room: number; display: string }) {
    this.record('joinPublisher', params);
    if (this.janus.joinFailures.length > 0) throw this.janus.joinFailures.shift();
    return { feed: this.id, publishers: this.janus.publishers };
  }
  async joinConfigurePublisher(params: { jsep: Jsep }) {
    this.record('joinConfigurePublisher', params);
    return { feed: this.id, jsep: { type: 'answer' as const, sdp: `answer to ${params.jsep.sdp}` } };
  }
  async publish(params: { jsep: Jsep }) {
    this.record('publish', params);
    return { jsep: { type: 'answer' as const, sdp: `answer to ${params.jsep.sdp}` } };
  }
  async joinSubscriber(params: { streams: { feed: number }[] }) {
    this.record('joinSubscriber', params);
    return {
      jsep: { type: 'offer' as const, sdp: `offer of ${params.streams[0]!.feed}` },
      streams: [
        { mid: '0', type: 'audio' as const },
        { mid: '1', type: 'video' as const },
      ],
    };
  }
  async start(params: unknown) {
    this.record('start', params);
    return {};
  }
  async configure(params: { streams?: { mid: string; substream?: number }[] }) {
    this.record('configure', params);
    // Janus reports a subscription's layer once it has switched (on the publisher's next keyframe).
    for (const { mid, substream } of params.streams ?? []) {
      if (substream === undefined) continue;
      if (this.janus.lostSwitches > 0) this.janus.lostSwitches--;
      else
        queueMicrotask(() =>
          this.emit(VIDEOROOM_EVENT.VIDEOROOM_SC_SUBSTREAM_LAYER, {
            mid,
            sc_substream_layer: Math.min(substream, this.janus.topLayer),
          }),
        );
    }
    return {};
  }
  async trickle(candidate: unknown) {
    this.record('trickle', candidate);
    return {};
  }
  async trickleComplete() {
    this.record('trickleComplete');
    return {};
  }
  async leave() {
    this.record('leave');
    return {};
  }
  async message(body: { request: string }) {
    this.record(body.request, body);
    return {};
  }
  async enable_recording(params: { record: boolean }) {
    this.record('enable_recording', params);
    return { record: params.record };
  }
  async detach() {
    this.detached = true;
  }
}

/** A Janus of the tests: its rooms, the publishers a join finds, and the requests that fail. */
export class FakeJanus implements JanusGateway {
  readonly adminKey = 'admin-key';
  readonly handles: FakeHandle[] = [];
  /** Rooms by number: the feeds of their participants. */
  readonly rooms = new Map<number, number[]>();
  /** Participants' display names by feed. */
  readonly displays = new Map<number, string>();
  /** Errors the next joins as publisher fail with, one each. */
  readonly joinFailures: Error[] = [];
  publishers: { feed: number; display?: string }[] = [];
  listed: { room: number; description: string; num_participants: number }[] = [];
  readonly failures = new Map<string, Error>();
  /** Errors the next request of a method fails with, once. */
  readonly failOnce = new Map<string, Error>();
  /** Layer changes that never happen (the publisher's keyframe lost): the next ones asked for, one each. */
  lostSwitches = 0;
  /** The highest layer the publishers send (Chromium sends two of a small camera's three). */
  topLayer = 2;
  async attach(): Promise<VideoRoomHandle> {
    const handle = new FakeHandle(this, 1000 + this.handles.length);
    this.handles.push(handle);
    return handle as unknown as VideoRoomHandle;
  }
  async answers() {
    return true;
  }
  async close() {}
  /** Every request of a method made so far, over all handles. */
  callsOf(method: string) {
    return this.handles.flatMap((h) => h.calls.filter((c) => c.method === method).map((c) => c.params));
  }
}

/** Lets pending promise callbacks run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));
