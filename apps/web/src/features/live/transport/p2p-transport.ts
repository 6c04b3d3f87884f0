import { type ClientMessage, type LiveOptions, type MediaState, type Participant, type ServerMessage, type SignalData, type SpinState } from '@forecourt/contracts';
import type { JoinOptions, MediaTransport, RemoteParticipant } from './media-transport';
import { cameraConstraints, videoLimits, type VideoLimits } from './mesh-quality';
import { newPcId, PeerLink, prepareOffer, type Kind, type PreparedOffer } from './peer-link';
import { decideOffer, planWelcome } from './rejoin';
import { SignalledTransport } from './signalled-transport';

/** How long a participant missing from a room the server rebuilt (a restart) has to rejoin before counting as gone. */
const UNCONFIRMED_MS = 15_000;
/** Signals kept while the socket is away; past this the oldest go (the rejoin makes broken connections afresh anyway). */
const MAX_OUTBOX = 500;
/** A connection prepared during the preview older than this is made afresh (its candidates may be stale). */
const PREPARED_MAX_AGE_MS = 60_000;

type Welcome = Extract<ServerMessage, { type: 'welcome' }>;

/**
 * The embedded driver: a full mesh of connections between the browsers (peer-link.ts), signalled through
 * the server's WebSocket. When the signalling socket drops, the call goes on (media flows between the browsers) and
 * the socket comes back by itself (reconnect.ts) as the same participant; rejoin.ts says which connections
 * stay and which are made afresh.
 */
export class P2pTransport extends SignalledTransport implements MediaTransport {
  private readonly peers = new Map<string, PeerLink>();
  private readonly outgoing: Record<Kind, MediaStreamTrack | null> = { audio: null, video: null };
  private local: MediaStream | null = null;
  private mediaState: MediaState | null = null;
  /** Signals written while the socket is away; sent once it is back, if the server kept this participant. */
  private outbox: ClientMessage[] = [];
  /** A connection offered ahead of the join (prepare()), for the first participant this one offers to. */
  private prepared: Promise<PreparedOffer | null> | null = null;
  /** The size of the mesh the senders were last limited for. */
  private limitedFor = 0;
  /** The step the camera was last constrained to (null: as captured, at the spec's size: the step of two). */
  private cameraStep: VideoLimits | null = null;
  /** The participant the page shows in its main video; undefined until the page said (nobody is told before). */
  private large: string | null | undefined = undefined;

  /**
   * While the preview shows: sets WebRTC up and makes the first offer ahead, so that joining does not wait
   * for it. Made afresh when older than a minute; closed if the join never uses it.
   */
  prepare(iceServers: JoinOptions['iceServers'], stream: MediaStream): void {
    const current = this.prepared;
    void (async () => {
      const held = current ? await current : null;
      if (held && Date.now() - held.at < PREPARED_MAX_AGE_MS && this.prepared === current) return;
      if (this.prepared !== current) return;
      held?.pc.close();
      const next = prepareOffer(iceServers, stream).catch(() => null);
      this.prepared = next;
      // Never used (the page left in preview): closed once too old to be.
      window.setTimeout(() => {
        if (this.prepared === next) this.discardPrepared();
      }, PREPARED_MAX_AGE_MS);
    })();
  }

  private async takePrepared(): Promise<PreparedOffer | null> {
    const prepared = this.prepared;
    this.prepared = null;
    const offer = prepared ? await prepared : null;
    if (offer && Date.now() - offer.at < PREPARED_MAX_AGE_MS) return offer;
    offer?.pc.close();
    return null;
  }

  private discardPrepared(): void {
    void this.takePrepared().then((offer) => offer?.pc.close());
  }

  async join(options: JoinOptions): Promise<void> {
    this.options = options;
    this.left = false;
    this.set({ connection: 'connecting' });
    try {
      await this.connect(options.token);
    } catch (err) {
      this.signalling?.close();
      this.signalling = null;
      this.set({ connection: 'failed' });
      throw err;
    }
  }

  publish(stream: MediaStream): void {
    this.local = stream;
    void this.replaceTrack('audio', stream.getAudioTracks()[0] ?? null);
    void this.replaceTrack('video', stream.getVideoTracks()[0] ?? null);
  }

  async replaceTrack(kind: Kind, track: MediaStreamTrack | null): Promise<void> {
    this.outgoing[kind] = track;
    await Promise.all([...this.peers.values()].map((peer) => peer.replaceTrack(kind, track)));
  }

  unpublish(): void {
    void this.replaceTrack('audio', null);
    void this.replaceTrack('video', null);
    this.local = null;
  }

  setMediaState(state: MediaState): void {
    this.mediaState = state;
    this.signalling?.send({ type: 'media', state });
  }

  setSpin(spin: SpinState): void {
    this.set({ spin });
    this.signalling?.send({ type: 'spin', spin });
  }

  /**
   * The level of the last audio packet from each participant, as its RTP header carries it: read from the
   * receiver's synchronization sources, which the browser keeps at hand, instead of a full getStats() of
   * every connection twice a second.
   */
  async audioLevels(): Promise<Map<string, number>> {
    const levels = new Map<string, number>();
    for (const peer of this.peers.values()) {
      for (const receiver of peer.pc.getReceivers()) {
        if (receiver.track.kind !== 'audio') continue;
        const level = receiver.getSynchronizationSources?.()[0]?.audioLevel;
        if (typeof level === 'number') levels.set(peer.participant.id, level);
      }
    }
    return levels;
  }

  /**
   * Tells each participant whether this page shows its video: only the one in the main video gets sent any
   * (PeerLink.tellShown), the others pause theirs to this page. A new connection is told as soon as it is named.
   */
  showLarge(id: string | null): void {
    this.large = id;
    this.tellShown();
  }

  private tellShown(): void {
    if (this.large === undefined) return;
    for (const peer of this.peers.values()) peer.tellShown(peer.participant.id === this.large);
  }

  leave(): void {
    this.left = true;
    const signalling = this.signalling;
    this.signalling = null;
    signalling?.close();
    this.welcomed?.(false);
    for (const peer of this.peers.values()) peer.close();
    this.peers.clear();
    this.outbox = [];
    this.token = null;
    this.limitedFor = 0;
    this.large = undefined;
    // The camera back at the spec's size, for the preview and the next join.
    if (this.options) void this.constrainCamera(null, this.options.media);
    // A join that went wrong leaves its prepared connection unused; the preview's (idle, or closed after an
    // earlier call) stays for the next join.
    if (this.state.connection !== 'idle' && this.state.connection !== 'closed') this.discardPrepared();
    this.set({ connection: 'closed', self: null, participants: [] });
  }

  /**
   * Re-applies every sender's limits when the room crossed a step of mesh-quality.ts, and captures the camera
   * at that step's size and rate (then the limits again, for the camera's new size).
   */
  private relimit(): void {
    const size = this.peers.size + 1;
    const media = this.options?.media;
    if (!media || size === this.limitedFor) return;
    const before = this.limitedFor ? JSON.stringify(videoLimits(this.limitedFor, media)) : null;
    this.limitedFor = size;
    const step = videoLimits(size, media);
    if (before === JSON.stringify(step)) return;
    for (const peer of this.peers.values()) void peer.applyLimits();
    void this.constrainCamera(step, media).then((changed) => {
      if (changed && this.limitedFor === size) for (const peer of this.peers.values()) void peer.applyLimits();
    });
  }

  /** Captures the camera at this step's size and rate; answers whether that changed anything. */
  private async constrainCamera(step: VideoLimits | null, media: LiveOptions['media']): Promise<boolean> {
    const camera = this.local?.getVideoTracks()[0];
    const want = step ?? videoLimits(2, media);
    const current = this.cameraStep ?? videoLimits(2, media);
    if (!camera || camera.readyState !== 'live' || JSON.stringify(want) === JSON.stringify(current)) return false;
    this.cameraStep = step;
    await camera.applyConstraints(cameraConstraints(want, media)).catch(() => undefined);
    return true;
  }

  private publishPeers(): void {
    this.relimit();
    this.tellShown();
    const participants: RemoteParticipant[] = [...this.peers.values()].map((p) => ({
      ...p.participant,
      stream: p.stream.getTracks().length > 0 ? p.stream : null,
      media: p.media,
    }));
    this.set({ participants });
  }

  /** Opens a signalling socket with this token and waits for its welcome; throws if either fails. */
  protected async handle(message: ServerMessage): Promise<void> {
    switch (message.type) {
      case 'welcome':
        return this.onWelcome(message);
      case 'joined': {
        const held = this.peers.get(message.participant.id);
        if (held) {
          // Back in a room the server rebuilt: it offers a connection afresh, as one who rejoins does.
          if (held.unconfirmedTimer !== null) window.clearTimeout(held.unconfirmedTimer);
          held.unconfirmedTimer = null;
          return;
        }
        this.createPeer(message.participant, false);
        this.publishPeers();
        this.emit({ type: 'participantJoined', participant: message.participant });
        return;
      }
      case 'left':
        return this.removePeer(message.id);
      case 'signal': {
        const peer = this.peers.get(message.from);
        if (peer) await this.onSignal(peer, message.data).catch(() => undefined);
        return;
      }
      case 'media': {
        const peer = this.peers.get(message.from);
        if (!peer) return;
        peer.media = message.state;
        this.publishPeers();
        return;
      }
      case 'spin':
        this.set({ spin: message.spin });
        return;
      case 'error':
        return;
    }
  }

  private async onWelcome(message: Welcome): Promise<void> {
    const rejoin = this.state.self !== null;
    // A first join offers to its first participant on the connection prepared during the preview.
    let prepared = rejoin ? null : await this.takePrepared();
    const host = message.self.host;
    // The host's spin is the truth: a server that restarted forgot it.
    const spin = rejoin && host ? this.state.spin : message.spin;
    this.set({ self: message.self, spin, connection: 'connected' });
    const plan = planWelcome(
      [...this.peers.values()].map((p) => ({ id: p.participant.id, connected: p.pc.connectionState === 'connected' })),
      message,
    );
    for (const id of plan.gone) this.removePeer(id);
    for (const id of plan.unconfirmed) {
      const peer = this.peers.get(id)!;
      peer.unconfirmedTimer ??= window.setTimeout(() => this.removePeer(id), UNCONFIRMED_MS);
    }
    for (const p of message.participants) {
      const held = this.peers.get(p.id);
      if (held && plan.keep.includes(p.id)) {
        held.media = p.media;
        continue;
      }
      const peer = this.createPeer(p, true, undefined, prepared ?? undefined);
      prepared = null;
      peer.media = p.media;
      if (rejoin && !held) this.emit({ type: 'participantJoined', participant: p });
    }
    prepared?.pc.close();
    this.publishPeers();
    const outbox = this.outbox;
    this.outbox = [];
    if (message.resumed) for (const m of outbox) this.signalling?.send(m);
    if (this.mediaState) this.signalling?.send({ type: 'media', state: this.mediaState });
    if (rejoin && host && JSON.stringify(spin) !== JSON.stringify(message.spin)) this.signalling?.send({ type: 'spin', spin });
    this.welcomed?.(true);
  }

  private removePeer(id: string): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    peer.close();
    this.peers.delete(id);
    this.publishPeers();
    this.emit({ type: 'participantLeft', participant: peer.participant });
  }

  /** A connection with this participant, in place of any earlier one. The offerer names it; an answerer waits for the offer that does. */
  private createPeer(participant: Participant, offerer: boolean, pcId: string | null = offerer ? newPcId() : null, prepared?: PreparedOffer): PeerLink {
    const old = this.peers.get(participant.id);
    old?.close();
    const peer: PeerLink = new PeerLink(
      participant,
      offerer,
      pcId,
      {
        iceServers: this.options?.iceServers ?? [],
        media: this.options?.media,
        participants: () => this.peers.size + 1,
        outgoing: this.outgoing,
        local: () => this.local,
        send: (data) => this.send(participant.id, data),
        changed: () => this.publishPeers(),
        // After a laptop's sleep the socket may look open when the server dropped it long ago; a message on
        // it brings back the reset that closes it, and the rejoin follows (the offerer's ICE restart does too).
        failedHere: () => {
          if (this.mediaState) this.signalling?.send({ type: 'media', state: this.mediaState });
        },
      },
      old,
      prepared,
    );
    this.peers.set(participant.id, peer);
    return peer;
  }

  private async onSignal(held: PeerLink, data: SignalData): Promise<void> {
    let peer = held;
    if ('description' in data && data.description.type === 'offer') {
      // An answerer's first offer names its connection.
      if (peer.pcId === null && !peer.offerer) peer.pcId = data.pc;
      const decision = decideOffer({ current: peer.pcId, retired: peer.retired, freshOffer: peer.freshOffer }, data.pc, this.state.self?.id ?? '', peer.participant.id);
      if (decision === 'ignore') return;
      if (decision === 'resend') return peer.resendOffer();
      if (decision === 'replace') {
        peer = this.createPeer(peer.participant, false, data.pc);
        this.publishPeers();
      }
    } else if (data.pc !== peer.pcId) {
      return;
    }
    await peer.apply(data);
    // An answerer's connection is named by its offer: it is told now whether this page shows its video.
    if ('description' in data) this.tellShown();
  }

  /** To the participant of this connection; kept for later while the socket is away. */
  private send(to: string, data: SignalData): void {
    const message: ClientMessage = { type: 'signal', to, data };
    if (this.state.connection === 'connected') this.signalling?.send(message);
    else if (this.state.connection === 'reconnecting') {
      this.outbox.push(message);
      if (this.outbox.length > MAX_OUTBOX) this.outbox.shift();
    }
  }
}
