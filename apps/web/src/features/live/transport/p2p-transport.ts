import { LIVE_CLOSE, type ClientMessage, type MediaState, type Participant, type ServerMessage, type SignalData, type SpinState } from '@forecourt/contracts';
import type { CallSnapshot, JoinOptions, MediaTransport, RemoteParticipant, TransportEvent } from './media-transport';
import { closePeer, kindOf, limitBitrates, newPcId, preferVp8, type Candidate, type Kind, type Peer } from './peer';
import { reconnect, type AttemptResult } from './reconnect';
import { decideOffer, planWelcome } from './rejoin';
import { SignallingClient } from './signalling-client';

/** How long the first answer of the server (welcome) may take. */
const WELCOME_TIMEOUT_MS = 10_000;
/** A connection "disconnected" this long gets an ICE restart, as a "failed" one does at once. */
const DISCONNECTED_RESTART_MS = 2500;
/** How long a participant missing from a room the server rebuilt (a restart) has to rejoin before counting as gone. */
const UNCONFIRMED_MS = 10_000;
/** Closes a socket that did not get its welcome in time, without leaving (any code but 1000 and 1001). */
const RETRY_CLOSE = 4000;
/** Signals kept while the socket is away; past this the oldest go (the rejoin makes broken connections afresh anyway). */
const MAX_OUTBOX = 500;

type Welcome = Extract<ServerMessage, { type: 'welcome' }>;

/**
 * The embedded driver: a full mesh of RTCPeerConnections between the browsers, signalled through the
 * server's WebSocket. Screen share and camera changes replace the outgoing track; nothing renegotiates but
 * ICE restarts. When the signalling socket drops, the call goes on (media flows between the browsers) and
 * the socket comes back by itself (reconnect.ts) as the same participant; rejoin.ts says which connections
 * stay and which are made afresh.
 */
export class P2pTransport implements MediaTransport {
  private state: CallSnapshot = { connection: 'idle', self: null, participants: [], spin: null };
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: TransportEvent) => void>();
  private readonly peers = new Map<string, Peer>();
  private readonly outgoing: Record<Kind, MediaStreamTrack | null> = { audio: null, video: null };
  private local: MediaStream | null = null;
  private mediaState: MediaState | null = null;
  private options: JoinOptions | null = null;
  private signalling: SignallingClient | null = null;
  /** The token of the current socket: a rejoin presents it to keep this participant. */
  private token: string | null = null;
  private welcomed: ((ok: boolean) => void) | null = null;
  private reconnecting = false;
  private left = false;
  /** Signals written while the socket is away; sent once it is back, if the server kept this participant. */
  private outbox: ClientMessage[] = [];
  /** Messages are handled one after the other, in the order the server sent them. */
  private inbox: Promise<void> = Promise.resolve();

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
    await Promise.all(
      [...this.peers.values()].flatMap((peer) =>
        peer.pc.getTransceivers().filter((t) => kindOf(t) === kind && t.currentDirection !== 'stopped').map((t) => t.sender.replaceTrack(track)),
      ),
    );
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

  async audioLevels(): Promise<Map<string, number>> {
    const levels = new Map<string, number>();
    await Promise.all(
      [...this.peers.values()].map(async (peer) => {
        const stats = await peer.pc.getStats().catch(() => null);
        stats?.forEach((s: { type?: string; kind?: string; audioLevel?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio' && typeof s.audioLevel === 'number') levels.set(peer.participant.id, s.audioLevel);
        });
      }),
    );
    return levels;
  }

  leave(): void {
    this.left = true;
    const signalling = this.signalling;
    this.signalling = null;
    signalling?.close();
    this.welcomed?.(false);
    for (const peer of this.peers.values()) closePeer(peer);
    this.peers.clear();
    this.outbox = [];
    this.token = null;
    this.set({ connection: 'closed', self: null, participants: [] });
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): CallSnapshot {
    return this.state;
  }

  on(listener: (event: TransportEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private set(patch: Partial<CallSnapshot>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private emit(event: TransportEvent): void {
    for (const l of this.eventListeners) l(event);
  }

  private publishPeers(): void {
    const participants: RemoteParticipant[] = [...this.peers.values()].map((p) => ({
      ...p.participant,
      stream: p.stream.getTracks().length > 0 ? p.stream : null,
      media: p.media,
    }));
    this.set({ participants });
  }

  /** Opens a signalling socket with this token and waits for its welcome; throws if either fails. */
  private async connect(token: string): Promise<void> {
    const signalling = new SignallingClient(
      (m) => {
        if (this.signalling === signalling) this.inbox = this.inbox.then(() => this.handle(m)).catch(() => undefined);
      },
      (code) => this.lost(signalling, code),
    );
    this.signalling = signalling;
    const welcome = new Promise<boolean>((resolve) => {
      this.welcomed = resolve;
      window.setTimeout(() => resolve(false), WELCOME_TIMEOUT_MS);
    });
    await signalling.open(token);
    if (!(await welcome)) {
      // On a rejoin, not a leave: the server may hold this participant for the next try.
      signalling.close(this.state.self ? RETRY_CLOSE : 1000);
      throw new Error('no welcome from the signalling server');
    }
    this.token = token;
  }

  /** The signalling socket closed without leave(): rejoin, unless another socket of this participant took over. */
  private lost(signalling: SignallingClient, code: number): void {
    if (this.signalling !== signalling) return;
    this.welcomed?.(false);
    if (this.reconnecting || this.left || !this.state.self) return;
    if (code === LIVE_CLOSE.REPLACED) return this.end();
    this.set({ connection: 'reconnecting' });
    void this.rejoin();
  }

  private async rejoin(): Promise<void> {
    this.reconnecting = true;
    const renew = this.options?.renewToken;
    const result = await reconnect(
      async (): Promise<AttemptResult> => {
        let token: string | null;
        try {
          token = renew ? await renew(this.token ?? '') : null;
        } catch {
          return 'retry';
        }
        if (token === null) return 'fatal';
        if (this.left) return 'retry';
        try {
          await this.connect(token);
          return 'connected';
        } catch {
          return 'retry';
        }
      },
      { sleep: (ms) => new Promise((r) => window.setTimeout(r, ms)), now: () => Date.now(), cancelled: () => this.left },
    );
    this.reconnecting = false;
    if (result === 'fatal' || result === 'gaveUp') this.end();
  }

  /** The call is over for this browser: the page shows its end. */
  private end(): void {
    if (this.left) return;
    this.leave();
    this.emit({ type: 'disconnected' });
  }

  private async handle(message: ServerMessage): Promise<void> {
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

  private onWelcome(message: Welcome): void {
    const rejoin = this.state.self !== null;
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
      const peer = this.createPeer(p, true);
      peer.media = p.media;
      if (rejoin && !held) this.emit({ type: 'participantJoined', participant: p });
    }
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
    closePeer(peer);
    this.peers.delete(id);
    this.publishPeers();
    this.emit({ type: 'participantLeft', participant: peer.participant });
  }

  /**
   * A connection with this participant, in place of any earlier one (whose id is retired). The offerer
   * names it and offers at once; an answerer waits for the offer that names it.
   */
  private createPeer(participant: Participant, offerer: boolean, pcId: string | null = offerer ? newPcId() : null): Peer {
    const old = this.peers.get(participant.id);
    if (old) closePeer(old);
    const retired = new Set(old?.retired);
    if (old?.pcId) retired.add(old.pcId);
    const pc = new RTCPeerConnection({ iceServers: this.options?.iceServers ?? [] });
    const peer: Peer = {
      participant,
      pc,
      pcId,
      retired,
      stream: new MediaStream(),
      offerer,
      everConnected: false,
      media: old?.media ?? null,
      pending: [],
      restartTimer: null,
      unconfirmedTimer: null,
      offering: false,
      again: false,
    };
    this.peers.set(participant.id, peer);
    pc.onicecandidate = (e) => {
      if (e.candidate && peer.pcId) this.send(peer, { pc: peer.pcId, candidate: e.candidate.toJSON() as Candidate });
    };
    pc.ontrack = (e) => {
      for (const t of peer.stream.getTracks().filter((t) => t.kind === e.track.kind)) peer.stream.removeTrack(t);
      peer.stream.addTrack(e.track);
      this.publishPeers();
    };
    pc.oniceconnectionstatechange = () => this.watchIce(peer);
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') peer.everConnected = true;
    };
    if (offerer) {
      for (const kind of ['audio', 'video'] as const) {
        const t = pc.addTransceiver(this.outgoing[kind] ?? kind, { direction: 'sendrecv', streams: this.local ? [this.local] : [] });
        if (kind === 'video') preferVp8(t);
      }
      pc.onnegotiationneeded = () => void this.offer(peer);
    }
    return peer;
  }

  private watchIce(peer: Peer): void {
    const s = peer.pc.iceConnectionState;
    if (s === 'connected' || s === 'completed' || s === 'closed') {
      if (peer.restartTimer !== null) window.clearTimeout(peer.restartTimer);
      peer.restartTimer = null;
      return;
    }
    if (!peer.offerer) return;
    if (s === 'failed') peer.pc.restartIce();
    else if (s === 'disconnected' && peer.restartTimer === null) {
      peer.restartTimer = window.setTimeout(() => {
        peer.restartTimer = null;
        if (peer.pc.iceConnectionState === 'disconnected' || peer.pc.iceConnectionState === 'failed') peer.pc.restartIce();
      }, DISCONNECTED_RESTART_MS);
    }
  }

  private async offer(peer: Peer): Promise<void> {
    if (peer.offering || peer.pc.signalingState !== 'stable') {
      peer.again = true;
      return;
    }
    peer.offering = true;
    peer.again = false;
    try {
      await peer.pc.setLocalDescription(await peer.pc.createOffer());
      const d = peer.pc.localDescription!;
      this.send(peer, { pc: peer.pcId!, description: { type: d.type, sdp: d.sdp } });
    } catch {
      peer.offering = false;
    }
  }

  private async onSignal(held: Peer, data: SignalData): Promise<void> {
    let peer = held;
    // An answerer's first offer names its connection.
    if ('description' in data && data.description.type === 'offer' && peer.pcId === null && !peer.offerer) peer.pcId = data.pc;
    if ('description' in data && data.description.type === 'offer') {
      const decision = decideOffer({ current: peer.pcId, retired: peer.retired, freshOffer: peer.offerer && !peer.everConnected }, data.pc, this.state.self?.id ?? '', peer.participant.id);
      if (decision === 'ignore') return;
      if (decision === 'resend') {
        const d = peer.pc.localDescription;
        if (d?.type === 'offer') this.send(peer, { pc: peer.pcId!, description: { type: d.type, sdp: d.sdp } });
        return;
      }
      if (decision === 'replace') {
        peer = this.createPeer(peer.participant, false, data.pc);
        this.publishPeers();
      }
    } else if (data.pc !== peer.pcId) {
      return;
    }
    const { pc } = peer;
    if ('candidate' in data) {
      if (pc.remoteDescription) await pc.addIceCandidate(data.candidate);
      else peer.pending.push(data.candidate);
      return;
    }
    const description = data.description;
    await pc.setRemoteDescription(description);
    for (const c of peer.pending.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
    if (description.type === 'offer') {
      // The answerer sends on the transceivers the offer made.
      for (const t of pc.getTransceivers()) {
        const kind = kindOf(t);
        await t.sender.replaceTrack(this.outgoing[kind]);
        if (this.local) t.sender.setStreams?.(this.local);
        t.direction = 'sendrecv';
        if (kind === 'video') preferVp8(t);
      }
      await pc.setLocalDescription(await pc.createAnswer());
      const d = pc.localDescription!;
      this.send(peer, { pc: peer.pcId!, description: { type: d.type, sdp: d.sdp } });
    }
    await limitBitrates(pc, this.options?.media);
    if (description.type === 'answer') {
      peer.offering = false;
      if (peer.again) await this.offer(peer);
    }
  }

  /** To the participant of this connection; kept for later while the socket is away. */
  private send(peer: Peer, data: SignalData): void {
    const message: ClientMessage = { type: 'signal', to: peer.participant.id, data };
    if (this.state.connection === 'connected') this.signalling?.send(message);
    else if (this.state.connection === 'reconnecting') {
      this.outbox.push(message);
      if (this.outbox.length > MAX_OUTBOX) this.outbox.shift();
    }
  }
}
