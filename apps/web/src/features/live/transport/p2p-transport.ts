import type { MediaState, Participant, ServerMessage, SignalData, SpinState } from '@forecourt/contracts';
import type { CallSnapshot, JoinOptions, MediaTransport, RemoteParticipant, TransportEvent } from './media-transport';
import { SignallingClient } from './signalling-client';

/** How long the first answer of the server (welcome) may take. */
const WELCOME_TIMEOUT_MS = 10_000;
/** A connection "disconnected" this long gets an ICE restart, as a "failed" one does at once. */
const DISCONNECTED_RESTART_MS = 2500;

type Kind = 'audio' | 'video';

interface Peer {
  participant: Participant;
  pc: RTCPeerConnection;
  stream: MediaStream;
  /** The newcomer offers to those already there, and is the one who restarts ICE: no glare. */
  offerer: boolean;
  media: MediaState | null;
  pending: RTCIceCandidateInit[];
  restartTimer: number | null;
  /** An offer is on its way; a negotiation asked for meanwhile waits for its answer. */
  offering: boolean;
  again: boolean;
}

/** VP8 first (spec section 7): the codec every browser decodes in software and the SFU will simulcast. */
function preferVp8(transceiver: RTCRtpTransceiver): void {
  const codecs = RTCRtpReceiver.getCapabilities?.('video')?.codecs;
  if (!codecs || !transceiver.setCodecPreferences) return;
  const rank = (c: { mimeType: string }) => (c.mimeType.toLowerCase() === 'video/vp8' ? 0 : 1);
  transceiver.setCodecPreferences([...codecs].sort((a, b) => rank(a) - rank(b)));
}

const kindOf = (t: RTCRtpTransceiver): Kind => (t.receiver.track.kind === 'audio' ? 'audio' : 'video');

/**
 * The embedded driver: a full mesh of RTCPeerConnections between the browsers, signalled through the
 * server's WebSocket. Screen share and camera changes replace the outgoing track; nothing renegotiates but
 * ICE restarts.
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
  private welcomed: ((ok: boolean) => void) | null = null;
  /** Messages are handled one after the other, in the order the server sent them. */
  private inbox: Promise<void> = Promise.resolve();

  async join(options: JoinOptions): Promise<void> {
    this.options = options;
    this.set({ connection: 'connecting' });
    const signalling = new SignallingClient(
      (m) => {
        this.inbox = this.inbox.then(() => this.handle(m)).catch(() => undefined);
      },
      () => this.lost(),
    );
    this.signalling = signalling;
    const welcome = new Promise<boolean>((resolve) => {
      this.welcomed = resolve;
      window.setTimeout(() => resolve(false), WELCOME_TIMEOUT_MS);
    });
    try {
      await signalling.open(options.token);
      if (!(await welcome)) throw new Error('no welcome from the signalling server');
    } catch (err) {
      signalling.close();
      this.set({ connection: 'failed' });
      throw err;
    }
    if (this.mediaState) signalling.send({ type: 'media', state: this.mediaState });
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
    const signalling = this.signalling;
    this.signalling = null;
    signalling?.close();
    for (const peer of this.peers.values()) this.closePeer(peer);
    this.peers.clear();
    this.set({ connection: 'closed', participants: [] });
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

  /** The signalling socket closed without leave(): the call is over for this browser. */
  private lost(): void {
    if (!this.signalling) return;
    this.leave();
    this.emit({ type: 'disconnected' });
  }

  private async handle(message: ServerMessage): Promise<void> {
    switch (message.type) {
      case 'welcome':
        this.set({ self: message.self, spin: message.spin, connection: 'connected' });
        for (const p of message.participants) {
          const peer = this.createPeer(p, true);
          peer.media = p.media;
        }
        this.publishPeers();
        this.welcomed?.(true);
        return;
      case 'joined':
        this.createPeer(message.participant, false);
        this.publishPeers();
        this.emit({ type: 'participantJoined', participant: message.participant });
        return;
      case 'left': {
        const peer = this.peers.get(message.id);
        if (!peer) return;
        this.closePeer(peer);
        this.peers.delete(message.id);
        this.publishPeers();
        this.emit({ type: 'participantLeft', participant: peer.participant });
        return;
      }
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

  private createPeer(participant: Participant, offerer: boolean): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.options?.iceServers ?? [] });
    const peer: Peer = { participant, pc, stream: new MediaStream(), offerer, media: null, pending: [], restartTimer: null, offering: false, again: false };
    this.peers.set(participant.id, peer);
    pc.onicecandidate = (e) => {
      if (e.candidate) this.send(peer, { candidate: e.candidate.toJSON() as Extract<SignalData, { candidate: unknown }>['candidate'] });
    };
    pc.ontrack = (e) => {
      for (const old of peer.stream.getTracks().filter((t) => t.kind === e.track.kind)) peer.stream.removeTrack(old);
      peer.stream.addTrack(e.track);
      this.publishPeers();
    };
    pc.oniceconnectionstatechange = () => this.watchIce(peer);
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
      this.send(peer, { description: { type: d.type, sdp: d.sdp } });
    } catch {
      peer.offering = false;
    }
  }

  private async onSignal(peer: Peer, data: SignalData): Promise<void> {
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
      this.send(peer, { description: { type: d.type, sdp: d.sdp } });
    }
    await this.limitBitrates(pc);
    if (description.type === 'answer') {
      peer.offering = false;
      if (peer.again) await this.offer(peer);
    }
  }

  /** Media of spec section 7: audio at most 16 kbps, video at most 24 frames a second. */
  private async limitBitrates(pc: RTCPeerConnection): Promise<void> {
    const media = this.options?.media;
    if (!media) return;
    for (const t of pc.getTransceivers()) {
      const params = t.sender.getParameters();
      if (!params.encodings?.length) continue;
      if (kindOf(t) === 'audio') params.encodings[0]!.maxBitrate = media.maxAudioBitrate;
      else params.encodings[0]!.maxFramerate = media.video.frameRate;
      await t.sender.setParameters(params).catch(() => undefined);
    }
  }

  private send(peer: Peer, data: SignalData): void {
    this.signalling?.send({ type: 'signal', to: peer.participant.id, data });
  }

  private closePeer(peer: Peer): void {
    if (peer.restartTimer !== null) window.clearTimeout(peer.restartTimer);
    peer.pc.onicecandidate = null;
    peer.pc.ontrack = null;
    peer.pc.oniceconnectionstatechange = null;
    peer.pc.onnegotiationneeded = null;
    peer.pc.close();
  }
}
