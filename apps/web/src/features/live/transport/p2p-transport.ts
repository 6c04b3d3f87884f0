import {
  type ClientMessage,
  type LiveOptions,
  type Participant,
  type ServerMessage,
  type SignalData,
} from '@forecourt/contracts';
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
 *
 * The lobby: while the preview shows, `wait()` opens the socket as a waiting member. This page offers a
 * connection to each participant (and to each who joins meanwhile), the participants accept it, and ICE and
 * DTLS come up, but both sides' senders stay empty (PeerLink `held`): no media flows before the click. On
 * `join()` the server announces this page (`joined` to the others, `entered` to it) and each side attaches
 * its tracks to the connection already up: the first remote frame is one key frame away. Participants
 * hold the lobby's pages as connections they never list nor notice.
 */
export class P2pTransport extends SignalledTransport implements MediaTransport {
  private readonly peers = new Map<string, PeerLink>();
  private readonly outgoing: Record<Kind, MediaStreamTrack | null> = { audio: null, video: null };
  private local: MediaStream | null = null;
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
  /** Remote members waiting in the lobby: held connections, never listed, no notices. */
  private readonly waitingPeers = new Set<string>();
  /** The lobby's socket being opened (wait()); a join waits for it. */
  private waitingFor: Promise<void> | null = null;

  /**
   * While the preview shows, with a token of the room: opens the signalling socket as a waiting member of
   * the lobby and connects ahead to the participants, with no media either way. Does nothing if it is open
   * (or opening); a failure is silent (the join connects as it would without).
   */
  wait(options: JoinOptions): Promise<void> {
    if (this.waitingFor || (this.signalling && !this.left)) return this.waitingFor ?? Promise.resolve();
    this.options = options;
    this.left = false;
    this.lobby = true;
    const opening = this.connect(options.token).catch(() => {
      // A join meanwhile opened its own socket: that one is kept.
      if (!this.lobby) return;
      this.lobby = false;
      this.signalling?.close();
      this.signalling = null;
      this.selfWaiting = false;
      this.set({ connection: 'idle', self: null, participants: [] });
    });
    const waited: Promise<void> = opening.finally(() => {
      if (this.waitingFor === waited) this.waitingFor = null;
    });
    this.waitingFor = waited;
    return waited;
  }

  /**
   * While the preview shows: sets WebRTC up and makes the first offer ahead, so that joining does not wait
   * for it. Made afresh when older than a minute; closed if the join never uses it.
   */
  prepare(iceServers: JoinOptions['iceServers'], stream: MediaStream): void {
    // The lobby is open (or opening): its connections are made already, the join needs no other.
    if (this.selfWaiting || this.waitingFor) return;
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
    if (this.waitingFor) await this.waitingFor;
    // From the lobby: the socket is there (or coming back, as a participant now); the server lets it in.
    if (this.selfWaiting && !this.left) {
      const entered = await this.askEntry(options);
      if (entered) return;
      this.signalling?.close();
      this.signalling = null;
      this.set({ connection: 'failed' });
      throw new Error('not let in from the lobby');
    }
    this.options = options;
    this.left = false;
    this.lobby = false;
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
    // Already going out (the join's publish and the call's first render hand over the preview's tracks
    // again): every connection not held has it, and held ones take it on release. Asking again would queue
    // six more calls on WebRTC's thread just as the first frames come, ahead of everything else there.
    if (this.outgoing[kind] === track) return;
    this.outgoing[kind] = track;
    await Promise.all([...this.peers.values()].map((peer) => peer.replaceTrack(kind, track)));
  }

  unpublish(): void {
    void this.replaceTrack('audio', null);
    void this.replaceTrack('video', null);
    this.local = null;
  }

  /**
   * The level of the last audio packet from each participant, as its RTP header carries it: read from the
   * receiver's synchronization sources, which the browser keeps at hand, instead of a full getStats() of
   * every connection twice a second.
   */
  async audioLevels(): Promise<Map<string, number>> {
    const levels = new Map<string, number>();
    for (const peer of this.peers.values()) {
      if (peer.isHeld) continue;
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
    // In the lobby the call is not drawn yet: it will first show the first participant listed (the call's
    // main video with nobody pinned nor speaking yet), so that one alone is told "shown" before the click.
    // The others then start their video to this page paused instead of encoding, at the busiest moment of
    // the join, streams it drops at its first render (bench live's trace: three encoders and three decoders
    // started for one frame shown).
    const large = this.large !== undefined ? this.large : this.selfWaiting ? this.firstListed() : undefined;
    if (large === undefined) return;
    for (const peer of this.peers.values()) peer.tellShown(peer.participant.id === large);
  }

  /** The first participant the call lists (undefined: none yet). */
  private firstListed(): string | undefined {
    return [...this.peers.keys()].find((id) => !this.waitingPeers.has(id));
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
    this.lobby = false;
    this.selfWaiting = false;
    this.waitingPeers.clear();
    this.settleEntry(false);
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
    const size = this.callSize();
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

  /** Participants in the call, this page included: the lobby's members are not. */
  private callSize(): number {
    return [...this.peers.keys()].filter((id) => !this.waitingPeers.has(id)).length + 1;
  }

  private publishPeers(): void {
    this.relimit();
    this.tellShown();
    const participants: RemoteParticipant[] = [...this.peers.values()]
      .filter((p) => !this.waitingPeers.has(p.participant.id))
      .map((p) => ({
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
        const { id } = message.participant;
        const held = this.peers.get(id);
        if (held && this.waitingPeers.delete(id)) {
          // A page of the lobby joined: its connection is up, media flows now (unless this page waits itself).
          if (!this.selfWaiting) void held.release();
          this.publishPeers();
          this.emit({ type: 'participantJoined', participant: message.participant });
          return;
        }
        if (this.selfWaiting) {
          // From the lobby, this page offers to each participant, one who came back to a rebuilt room too.
          this.createPeer(message.participant, true);
          this.publishPeers();
          return;
        }
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
      case 'waiting': {
        const { id } = message.participant;
        // Told twice (a rejoin's list and a notice) it is accepted once; a waiting page accepts nobody.
        if (this.selfWaiting || this.peers.has(id)) return;
        this.waitingPeers.add(id);
        this.createPeer(message.participant, false);
        return;
      }
      case 'entered':
        return this.enterCall();
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

  /** Let in from the lobby: every connection with a participant carries media from now on. */
  private enterCall(): void {
    if (!this.selfWaiting) return;
    this.selfWaiting = false;
    this.lobby = false;
    for (const peer of this.peers.values()) if (!this.waitingPeers.has(peer.participant.id)) void peer.release();
    this.publishPeers();
    if (this.mediaState) this.signalling?.send({ type: 'media', state: this.mediaState });
    this.settleEntry(true);
  }

  private async onWelcome(message: Welcome): Promise<void> {
    const rejoin = this.state.self !== null;
    const wasWaiting = this.selfWaiting;
    this.selfWaiting = message.waiting;
    // The lobby's pages are not in a welcome: kept when the server kept this participant (it tells them
    // again, `waiting`, and they are accepted once); else their connections are made afresh on that notice.
    for (const id of [...this.waitingPeers]) {
      if (message.resumed) continue;
      this.peers.get(id)?.close();
      this.peers.delete(id);
      this.waitingPeers.delete(id);
    }
    // A first join offers to its first participant on the connection prepared during the preview.
    let prepared = rejoin ? null : await this.takePrepared();
    const host = message.self.host;
    // The host's spin is the truth: a server that restarted forgot it.
    const spin = rejoin && host ? this.state.spin : message.spin;
    this.set({ self: message.self, spin, connection: 'connected' });
    const plan = planWelcome(
      [...this.peers.values()]
        .filter((p) => !this.waitingPeers.has(p.participant.id))
        .map((p) => ({ id: p.participant.id, connected: p.pc.connectionState === 'connected' })),
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
      if (rejoin && !held && !this.selfWaiting) this.emit({ type: 'participantJoined', participant: p });
    }
    prepared?.pc.close();
    this.publishPeers();
    const outbox = this.outbox;
    this.outbox = [];
    if (message.resumed) for (const m of outbox) this.signalling?.send(m);
    // Back in the lobby on a socket opened just before the click: the join goes again.
    if (this.selfWaiting && !this.lobby && this.entering) this.signalling?.send({ type: 'join' });
    // Joined while the socket was away: the server let it in with this welcome.
    if (wasWaiting && !this.selfWaiting) {
      this.selfWaiting = true;
      this.enterCall();
    } else if (this.mediaState && !this.selfWaiting) this.signalling?.send({ type: 'media', state: this.mediaState });
    if (rejoin && host && JSON.stringify(spin) !== JSON.stringify(message.spin))
      this.signalling?.send({ type: 'spin', spin });
    this.welcomed?.(true);
  }

  private removePeer(id: string): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    peer.close();
    this.peers.delete(id);
    // A page of the lobby goes unnoticed, as does anyone to a page that waits.
    const noticed = !this.waitingPeers.delete(id) && !this.selfWaiting;
    this.publishPeers();
    if (noticed) this.emit({ type: 'participantLeft', participant: peer.participant });
  }

  /** A connection with this participant, in place of any earlier one. The offerer names it; an answerer waits for the offer that does. */
  private createPeer(
    participant: Participant,
    offerer: boolean,
    pcId: string | null = offerer ? newPcId() : null,
    prepared?: PreparedOffer,
  ): PeerLink {
    const old = this.peers.get(participant.id);
    old?.close();
    const peer: PeerLink = new PeerLink(
      participant,
      offerer,
      pcId,
      {
        iceServers: this.options?.iceServers ?? [],
        media: this.options?.media,
        participants: () => this.callSize(),
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
      // Nothing flows while this page or the other waits in the lobby.
      this.selfWaiting || this.waitingPeers.has(participant.id),
    );
    this.peers.set(participant.id, peer);
    return peer;
  }

  private async onSignal(held: PeerLink, data: SignalData): Promise<void> {
    let peer = held;
    if ('description' in data && data.description.type === 'offer') {
      // An answerer's first offer names its connection.
      if (peer.pcId === null && !peer.offerer) peer.pcId = data.pc;
      const decision = decideOffer(
        { current: peer.pcId, retired: peer.retired, freshOffer: peer.freshOffer },
        data.pc,
        this.state.self?.id ?? '',
        peer.participant.id,
      );
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
