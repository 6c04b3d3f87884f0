import { LIVE_CLOSE, type ClientMessage, type ServerMessage } from '@forecourt/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JoinOptions, TransportEvent } from './media-transport';
// Imported after the stand-ins are in place (the driver reads the globals when it runs).
import type { P2pTransport as P2pTransportType } from './p2p-transport';
import { RoomEndedError } from './signalled-transport';

// The lobby's rules in the peer-to-peer driver, over a stand-in of the browser's WebRTC and WebSocket
// (this project tests in Node): what a page sends, and on which connection a track goes out when.

class FakeSender {
  track: { kind: string } | null = null;
  encodings: { active?: boolean }[] = [{}];
  /** Calls of getParameters and setParameters (each a wait for WebRTC's thread in a browser). */
  calls = 0;
  async replaceTrack(track: { kind: string } | null) {
    this.track = track;
  }
  getParameters() {
    this.calls++;
    return { encodings: this.encodings.map((e) => ({ ...e })) };
  }
  async setParameters(params: { encodings: { active?: boolean }[] }) {
    this.calls++;
    this.encodings = params.encodings;
  }
  setStreams() {}
  /** What goes out: its track's kind when an encoding is active (the browser encodes and sends nothing else). */
  get sending(): string | null {
    return this.track && this.encodings.some((e) => e.active !== false) ? this.track.kind : null;
  }
}

class FakeTransceiver {
  readonly sender = new FakeSender();
  readonly receiver: { track: { kind: string }; getSynchronizationSources: () => [] };
  direction = 'sendrecv';
  currentDirection: string | null = null;
  constructor(kind: string) {
    this.receiver = { track: { kind }, getSynchronizationSources: () => [] };
  }
  setCodecPreferences() {}
}

class FakePeerConnection {
  static all: FakePeerConnection[] = [];
  readonly transceivers: FakeTransceiver[] = [];
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: unknown = null;
  signalingState = 'stable';
  connectionState = 'new';
  iceConnectionState = 'new';
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: unknown = null;
  ontrack: unknown = null;
  oniceconnectionstatechange: unknown = null;
  onconnectionstatechange: unknown = null;
  constructor() {
    FakePeerConnection.all.push(this);
  }
  addTransceiver(trackOrKind: string | { kind: string }) {
    const t = new FakeTransceiver(typeof trackOrKind === 'string' ? trackOrKind : trackOrKind.kind);
    if (typeof trackOrKind !== 'string') t.sender.track = trackOrKind;
    this.transceivers.push(t);
    queueMicrotask(() => this.onnegotiationneeded?.());
    return t;
  }
  getTransceivers() {
    return this.transceivers;
  }
  getReceivers() {
    return this.transceivers.map((t) => t.receiver);
  }
  async createOffer() {
    return { type: 'offer', sdp: 'offer' };
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'answer' };
  }
  async setLocalDescription(d: { type: string; sdp: string }) {
    this.localDescription = d;
    this.signalingState = d.type === 'offer' ? 'have-local-offer' : 'stable';
  }
  async setRemoteDescription(d: { type: string }) {
    this.remoteDescription = d;
    if (d.type === 'offer' && this.transceivers.length === 0)
      for (const kind of ['audio', 'video']) this.transceivers.push(new FakeTransceiver(kind));
    this.signalingState = d.type === 'offer' ? 'have-remote-offer' : 'stable';
  }
  async addIceCandidate() {}
  restartIce() {}
  close() {
    this.connectionState = 'closed';
  }
  /** Tracks going out on this connection, by kind. */
  sending() {
    return this.transceivers.map((t) => t.sender.sending);
  }
  /** Tracks on its senders, going out or not. */
  attached() {
    return this.transceivers.map((t) => t.sender.track?.kind ?? null);
  }
}

class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 1;
  readonly sent: ClientMessage[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: URL) {
    FakeSocket.all.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close() {
    this.readyState = 3;
  }
  receive(message: ServerMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

class FakeStream {
  private readonly tracks: { kind: string }[];
  constructor(tracks: { kind: string }[] = []) {
    this.tracks = [...tracks];
  }
  addTrack(t: { kind: string }) {
    this.tracks.push(t);
  }
  removeTrack(t: { kind: string }) {
    this.tracks.splice(this.tracks.indexOf(t), 1);
  }
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
}

const media = {
  videoCodec: 'VP8',
  maxAudioBitrate: 16000,
  video: { width: 600, height: 400, frameRate: 24 },
  dominantSpeaker: true,
} as JoinOptions['media'];
const options = (token: string): JoinOptions => ({ token, iceServers: [], media, renewToken: async () => null });
const person = (id: string) => ({ id: `participant-${id}`, identity: id, host: false });
const welcome = (self: string, participants: string[], waiting: boolean): ServerMessage => ({
  type: 'welcome',
  self: person(self),
  participants: participants.map((p) => ({ ...person(p), media: null })),
  spin: null,
  resumed: false,
  waiting,
});
const settle = () => vi.waitFor(() => undefined).then(() => new Promise((r) => setTimeout(r, 0)));

describe('the peer-to-peer lobby', () => {
  const audio = { kind: 'audio' };
  const video = {
    kind: 'video',
    readyState: 'live',
    getSettings: () => ({ width: 600 }),
    applyConstraints: async () => undefined,
  };
  let P2pTransport: typeof P2pTransportType;

  beforeEach(async () => {
    FakePeerConnection.all = [];
    FakeSocket.all = [];
    vi.stubGlobal('window', { setTimeout, clearTimeout, location: { href: 'http://localhost/videos/live/rooms/x' } });
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal('RTCRtpReceiver', { getCapabilities: () => ({ codecs: [{ mimeType: 'video/VP8' }] }) });
    vi.stubGlobal('MediaStream', FakeStream);
    ({ P2pTransport } = await import('./p2p-transport'));
  });
  afterEach(() => vi.unstubAllGlobals());

  /** A page with its camera and microphone, waiting in the lobby of a call of `participants`. */
  async function waitingWith(participants: string[]) {
    const transport = new P2pTransport();
    transport.publish(new FakeStream([audio, video]) as unknown as MediaStream);
    const waiting = transport.wait(options('token-1'));
    await settle();
    const socket = FakeSocket.all[0]!;
    socket.receive(welcome('me', participants, true));
    await waiting;
    await settle();
    return { transport, socket };
  }

  /** A page with its camera and microphone that joined an empty room as its resident; its events recorded. */
  async function joinedAlone() {
    const transport = new P2pTransport();
    const events: TransportEvent[] = [];
    transport.on((e) => events.push(e));
    transport.publish(new FakeStream([audio, video]) as unknown as MediaStream);
    const joining = transport.join(options('token-1'));
    await settle();
    const socket = FakeSocket.all[0]!;
    socket.receive(welcome('resident', [], false));
    await joining;
    return { transport, events, socket };
  }

  it('connects a page in the preview to the participants with no track going out, and sends its tracks and media state only once let in', async () => {
    const transport = new P2pTransport();
    transport.publish(new FakeStream([audio, video]) as unknown as MediaStream);
    transport.setMediaState({ audio: true, video: true, screen: false });
    const waiting = transport.wait(options('token-1'));
    await settle();
    const socket = FakeSocket.all[0]!;
    expect(socket.url.searchParams.get('lobby')).toBe('1');
    socket.receive(welcome('me', ['resident'], true));
    await waiting;
    await settle();
    // It offers its connection to the participant, with nothing on it, and tells nobody of its media.
    expect(socket.sent.filter((m) => m.type === 'signal').map((m) => m.type === 'signal' && m.to)).toContain(
      'participant-resident',
    );
    const [pc] = FakePeerConnection.all;
    expect(pc!.sending()).toEqual([null, null]);
    // The camera is on its sender already, every encoding off: the click only turns them on.
    expect(pc!.attached()).toEqual([null, 'video']);
    expect(pc!.transceivers[1]!.sender.encodings).toEqual([expect.objectContaining({ active: false })]);
    expect(socket.sent.filter((m) => m.type === 'media' || m.type === 'join')).toEqual([]);
    // A camera change in the preview goes out on nothing either.
    await transport.replaceTrack('video', { kind: 'video' } as MediaStreamTrack);
    expect(pc!.sending()).toEqual([null, null]);

    // The click: the server lets it in, and the tracks go out on the connection already there.
    const joined = transport.join(options('unused'));
    await settle();
    expect(socket.sent.filter((m) => m.type === 'join')).toEqual([{ type: 'join' }]);
    expect(FakeSocket.all).toHaveLength(1);
    expect(pc!.sending()).toEqual([null, null]);
    socket.receive({ type: 'entered' });
    await joined;
    await settle();
    expect(pc!.sending()).toEqual(['audio', 'video']);
    expect(socket.sent.at(-1)).toEqual({ type: 'media', state: { audio: true, video: true, screen: false } });
    expect(FakePeerConnection.all).toHaveLength(1);
    transport.leave();
  });

  it('tells the participants from the lobby that only the first listed is shown, so the others start their video to it paused', async () => {
    const { transport, socket } = await waitingWith(['first', 'second']);
    const shown = () =>
      socket.sent.flatMap((m) => (m.type === 'signal' && 'shown' in m.data ? [[m.to, m.data.shown]] : []));
    expect(shown()).toEqual(
      expect.arrayContaining([
        ['participant-first', true],
        ['participant-second', false],
      ]),
    );
    expect(shown()).toHaveLength(2);
    // The call drawn with the same main video says nothing more; another main video swaps them.
    transport.showLarge('participant-first');
    expect(shown()).toHaveLength(2);
    transport.showLarge('participant-second');
    expect(shown().slice(2)).toEqual(
      expect.arrayContaining([
        ['participant-first', false],
        ['participant-second', true],
      ]),
    );
    transport.leave();
  });

  it('lets a page in from the lobby without setting again the limits its connections have: only the video of the participant who shows it turns on', async () => {
    const { transport, socket } = await waitingWith(['first', 'second']);
    const [toFirst, toSecond] = FakePeerConnection.all;
    const pcOf = (to: string) =>
      socket.sent.flatMap((m) =>
        m.type === 'signal' && m.to === to && 'description' in m.data ? [m.data.pc] : [],
      )[0]!;
    socket.receive({
      type: 'signal',
      from: 'participant-first',
      data: { pc: pcOf('participant-first'), description: { type: 'answer', sdp: 'answer' } },
    });
    socket.receive({
      type: 'signal',
      from: 'participant-second',
      data: { pc: pcOf('participant-second'), description: { type: 'answer', sdp: 'answer' } },
    });
    // The second shows someone else in its main video: it says so.
    socket.receive({
      type: 'signal',
      from: 'participant-second',
      data: { pc: pcOf('participant-second'), shown: false },
    });
    await settle();
    const calls = (pc: FakePeerConnection) => pc.transceivers.reduce((n, t) => n + t.sender.calls, 0);
    const before = [calls(toFirst!), calls(toSecond!)];

    const joined = transport.join(options('unused'));
    socket.receive({ type: 'entered' });
    await joined;
    await settle();
    expect(toFirst!.sending()).toEqual(['audio', 'video']);
    expect(toSecond!.sending()).toEqual(['audio', null]);
    // The first's video turned on (one read, one write); nothing else asked WebRTC for parameters.
    expect([calls(toFirst!) - before[0]!, calls(toSecond!) - before[1]!]).toEqual([2, 0]);
    // Shown later, the second gets the video at once.
    socket.receive({
      type: 'signal',
      from: 'participant-second',
      data: { pc: pcOf('participant-second'), shown: true },
    });
    await settle();
    expect(toSecond!.sending()).toEqual(['audio', 'video']);
    transport.leave();
  });

  it('holds a waiting page as a participant: accepts its connection with nothing going out, lists and announces it only on its join, and not its leave from the lobby', async () => {
    const { transport, events, socket } = await joinedAlone();
    expect(socket.url.searchParams.get('lobby')).toBeNull();

    socket.receive({ type: 'waiting', participant: person('early') });
    socket.receive({ type: 'waiting', participant: person('early') });
    socket.receive({
      type: 'signal',
      from: 'participant-early',
      data: { pc: 'pc-early', description: { type: 'offer', sdp: 'offer' } },
    });
    await settle();
    expect(FakePeerConnection.all).toHaveLength(1);
    const [pc] = FakePeerConnection.all;
    expect(socket.sent).toContainEqual({
      type: 'signal',
      to: 'participant-early',
      data: { pc: 'pc-early', description: { type: 'answer', sdp: 'answer' } },
    });
    expect(pc!.sending()).toEqual([null, null]);
    expect(pc!.attached()).toEqual([null, 'video']);
    expect(transport.snapshot().participants).toEqual([]);
    expect(events).toEqual([]);

    socket.receive({ type: 'joined', participant: person('early') });
    await settle();
    expect(pc!.sending()).toEqual(['audio', 'video']);
    expect(transport.snapshot().participants.map((p) => p.id)).toEqual(['participant-early']);
    expect(events).toEqual([{ type: 'participantJoined', participant: person('early') }]);

    // Another page in the preview that goes away: its connection closes, unseen.
    socket.receive({ type: 'waiting', participant: person('late') });
    socket.receive({ type: 'left', id: 'participant-late' });
    await settle();
    expect(FakePeerConnection.all.at(-1)!.connectionState).toBe('closed');
    expect(events).toHaveLength(1);
    expect(transport.snapshot().participants.map((p) => p.id)).toEqual(['participant-early']);
    transport.leave();
  });

  it('ends the call as the room’s end, without rejoining, when the server closes it for everyone; a socket refused so fails the join as such', async () => {
    const { events, socket } = await joinedAlone();
    socket.receive({ type: 'ended' });
    socket.onclose?.({ code: LIVE_CLOSE.ROOM_ENDED });
    await settle();
    expect(events).toEqual([{ type: 'roomEnded' }]);
    // No socket opened again: nobody could come back into an ended room.
    expect(FakeSocket.all).toHaveLength(1);

    // A token taken before the end: its socket is closed before any welcome.
    const late = new P2pTransport();
    late.publish(new FakeStream([audio, video]) as unknown as MediaStream);
    const refused = late.join(options('token-2')).catch((err: unknown) => err);
    await settle();
    FakeSocket.all[1]!.onclose?.({ code: LIVE_CLOSE.ROOM_ENDED });
    expect(await refused).toBeInstanceOf(RoomEndedError);
  });
});
