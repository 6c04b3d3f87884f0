import type { IceServer, LiveOptions, MediaState, Participant, SignalData } from '@forecourt/contracts';
import { cameraLimits, limitEncodings, videoLimits } from './mesh-quality';

export type Kind = 'audio' | 'video';
type Candidate = Extract<SignalData, { candidate: unknown }>['candidate'];

/** A connection "disconnected" this long gets an ICE restart, as a "failed" one does at once. */
const DISCONNECTED_RESTART_MS = 2500;

/** What a connection needs from the transport that holds it. */
export interface PeerLinkDeps {
  iceServers: IceServer[];
  media: LiveOptions['media'] | undefined;
  /** Participants in the call, this one included: the mesh's senders step down as it grows (mesh-quality.ts). */
  participants: () => number;
  /** The tracks going out now, by kind (the transport's own record, read at each negotiation). */
  outgoing: Record<Kind, MediaStreamTrack | null>;
  local: () => MediaStream | null;
  /** Sends a signal about this connection to its participant. */
  send: (data: SignalData) => void;
  /** Its remote tracks changed. */
  changed: () => void;
  /** ICE failed on the side that does not restart it. */
  failedHere: () => void;
}

/** A fresh connection id: random, in the alphabet the contract allows. */
export function newPcId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

const kindOf = (t: RTCRtpTransceiver): Kind => (t.receiver.track.kind === 'audio' ? 'audio' : 'video');

/** The browser's video codecs with VP8 first, asked once (getCapabilities is a synchronous, costly call). */
let vp8First: RTCRtpCodec[] | null | undefined;

/** VP8 first (spec section 7): the codec every browser decodes in software and the SFU will simulcast. */
function preferVp8(transceiver: RTCRtpTransceiver): void {
  if (vp8First === undefined) {
    const codecs = RTCRtpReceiver.getCapabilities?.('video')?.codecs;
    const rank = (c: { mimeType: string }) => (c.mimeType.toLowerCase() === 'video/vp8' ? 0 : 1);
    vp8First = codecs ? [...codecs].sort((a, b) => rank(a) - rank(b)) : null;
  }
  if (!vp8First || !transceiver.setCodecPreferences) return;
  transceiver.setCodecPreferences(vp8First);
}

/**
 * A connection made and offered before anyone is there to answer it: while the preview shows, the browser
 * sets up WebRTC (certificate, codecs, encoder), creates the offer and gathers its ICE candidates, so that
 * the first offer leaves with the welcome instead of a few hundred milliseconds later. It carries no track:
 * the PeerLink that takes it attaches them (replaceTrack, no renegotiation) once media may flow.
 */
export interface PreparedOffer {
  pc: RTCPeerConnection;
  offer: RTCSessionDescriptionInit;
  /** Gathered before a PeerLink took the connection: sent right after the offer. */
  candidates: Candidate[];
  /** When it was made (Date.now()): an old one is made afresh. */
  at: number;
}

export async function prepareOffer(iceServers: IceServer[], stream: MediaStream): Promise<PreparedOffer> {
  const pc = new RTCPeerConnection({ iceServers });
  const candidates: Candidate[] = [];
  pc.onicecandidate = (e) => {
    if (e.candidate) candidates.push(e.candidate.toJSON() as Candidate);
  };
  try {
    for (const kind of ['audio', 'video'] as const) {
      const t = pc.addTransceiver(kind, { direction: 'sendrecv', streams: [stream] });
      if (kind === 'video') preferVp8(t);
    }
    await pc.setLocalDescription(await pc.createOffer());
  } catch (err) {
    pc.close();
    throw err;
  }
  return { pc, offer: { type: 'offer', sdp: pc.localDescription!.sdp }, candidates, at: Date.now() };
}

/**
 * One RTCPeerConnection with one remote participant and its negotiation. The offerer (the newcomer, or the
 * one who rejoins) names the connection, offers, and is the one who restarts ICE, so offers never cross;
 * an answerer waits for the offer that names it. Screen share and camera changes replace the outgoing
 * track; nothing renegotiates but ICE restarts.
 *
 * A link `held` (the lobby: this page or the other waits in it) negotiates fully — ICE and DTLS up — but
 * no media flows either way: the audio sender carries no track, the video sender the camera with every
 * encoding inactive; `release()` turns the video on and attaches the audio.
 */
export class PeerLink {
  readonly pc: RTCPeerConnection;
  readonly stream = new MediaStream();
  /** Ids of earlier connections with this participant: their late signals are ignored. */
  readonly retired: Set<string>;
  media: MediaState | null;
  /** The connection carried media at some point. */
  everConnected = false;
  /** Set while the participant is missing from a room the server rebuilt: when it fires, they count as gone. */
  unconfirmedTimer: number | null = null;
  /** The other side shows this side's video (it said so, or has not said yet): else its video pauses. */
  shownThere = true;
  /** What this side last told the other about showing its video, and what it means to (null: nothing yet). */
  private shownSent: boolean | null = null;
  private shownWanted: boolean | null = null;
  /** An offerer's offer is out: only then does the other side know the connection a hint names. */
  private offerSent = false;
  private pending: RTCIceCandidateInit[] = [];
  private restartTimer: number | null = null;
  /** An offer is on its way; a negotiation asked for meanwhile waits for its answer. */
  private offering = false;
  private again = false;
  /** No track goes out while held (the lobby). */
  private held: boolean;
  /** What applyLimits last set on each sender (its inputs), so that the same limits are not set again. */
  private readonly limited = new WeakMap<RTCRtpSender, string>();

  /**
   * In place of `previous` (closed by the caller), whose id is retired and whose media state carries over.
   * An offerer given a prepared connection sends its offer and candidates at once.
   */
  constructor(
    readonly participant: Participant,
    readonly offerer: boolean,
    public pcId: string | null,
    private readonly deps: PeerLinkDeps,
    previous?: PeerLink,
    prepared?: PreparedOffer,
    held = false,
  ) {
    this.held = held;
    this.retired = new Set(previous?.retired);
    if (previous?.pcId) this.retired.add(previous.pcId);
    this.media = previous?.media ?? null;
    const pc = (this.pc = offerer && prepared ? prepared.pc : new RTCPeerConnection({ iceServers: deps.iceServers }));
    pc.onicecandidate = (e) => {
      if (e.candidate && this.pcId) deps.send({ pc: this.pcId, candidate: e.candidate.toJSON() as Candidate });
    };
    pc.ontrack = (e) => {
      for (const t of this.stream.getTracks().filter((t) => t.kind === e.track.kind)) this.stream.removeTrack(t);
      this.stream.addTrack(e.track);
      deps.changed();
    };
    pc.oniceconnectionstatechange = () => this.watchIce();
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') this.everConnected = true;
    };
    if (offerer && prepared && this.pcId) {
      // Its tracks are the preview's: those going out now replace them (a camera turned off meanwhile).
      for (const kind of ['audio', 'video'] as const) void this.replaceTrack(kind, deps.outgoing[kind]);
      this.offering = true;
      deps.send({ pc: this.pcId, description: { type: 'offer', sdp: prepared.offer.sdp } });
      this.offerSent = true;
      for (const candidate of prepared.candidates.splice(0)) deps.send({ pc: this.pcId, candidate });
      pc.onnegotiationneeded = () => void this.offer();
    } else if (offerer) {
      const local = deps.local();
      for (const kind of ['audio', 'video'] as const) {
        const t = pc.addTransceiver((held ? null : deps.outgoing[kind]) ?? kind, {
          direction: 'sendrecv',
          streams: local ? [local] : [],
        });
        if (kind === 'video') preferVp8(t);
      }
      pc.onnegotiationneeded = () => void this.offer();
    }
    if (held) void this.holdVideo();
  }

  /** This side's offer is out on a connection that never carried media (what a crossing of offers is about). */
  get freshOffer(): boolean {
    return this.offerer && !this.everConnected;
  }

  /** Sends the current local offer again (it may be the one lost with a socket). */
  resendOffer(): void {
    const d = this.pc.localDescription;
    if (d?.type === 'offer' && this.pcId) this.deps.send({ pc: this.pcId, description: { type: d.type, sdp: d.sdp } });
  }

  /** Whether its senders are kept empty (the lobby). */
  get isHeld(): boolean {
    return this.held;
  }

  /**
   * While held, the camera goes on the video sender already, with every encoding inactive: nothing is
   * encoded nor sent (no byte leaves before the click), but the sender has its source and encoder set up,
   * so that release() only turns the encodings on. Attaching the track at the click instead cost each
   * resident hundreds of milliseconds of WebRTC's thread before its first key frame (bench live's trace).
   * Encodings first, then the track: the track never goes out on an active encoding while held. The audio
   * stays off the connection until the click.
   */
  private async holdVideo(): Promise<void> {
    const track = this.deps.outgoing.video;
    if (!track) return;
    for (const t of this.pc.getTransceivers()) {
      if (kindOf(t) !== 'video' || t.currentDirection === 'stopped' || t.sender.track) continue;
      const params = t.sender.getParameters();
      if (!params.encodings?.length) continue;
      params.encodings = params.encodings.map((e) => ({ ...e, active: false }));
      // Set here, not by applyLimits: its record of this sender no longer holds.
      this.limited.delete(t.sender);
      try {
        await t.sender.setParameters(params);
      } catch {
        // Not held back: the track goes on at the release, as it would without.
        continue;
      }
      if (this.held && this.deps.outgoing.video === track && this.pc.connectionState !== 'closed')
        await t.sender.replaceTrack(track);
    }
  }

  /**
   * Media may flow now: the video's encodings turned on (its track is on already, holdVideo(); a sender's
   * first frame is a key frame, so the other side shows video at once) with the limits for the mesh as it
   * is, and the audio attached. The video does not wait behind the audio: on a busy machine each call waits
   * a few hundred milliseconds for WebRTC's thread (bench live's trace).
   */
  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    const video = this.deps.outgoing.video;
    const attached = this.pc
      .getTransceivers()
      .every((t) => kindOf(t) !== 'video' || t.currentDirection === 'stopped' || t.sender.track === video);
    const videoOn = (attached ? Promise.resolve() : this.replaceTrack('video', video)).then(() => this.applyLimits());
    await Promise.all([videoOn, this.replaceTrack('audio', this.deps.outgoing.audio)]);
  }

  /** Swaps the outgoing track of a kind on this connection, without renegotiating (nothing while held). */
  async replaceTrack(kind: Kind, track: MediaStreamTrack | null): Promise<void> {
    if (this.held && track) return;
    await Promise.all(
      this.pc
        .getTransceivers()
        .filter((t) => kindOf(t) === kind && t.currentDirection !== 'stopped')
        .map((t) => t.sender.replaceTrack(track)),
    );
  }

  /**
   * Tells the other side whether this side shows its video, when that changed. Held until the other side
   * knows the connection: an answerer's is named by the offer it got, an offerer's once its offer is out
   * (a hint before the offer would name a connection the other side does not have yet, and be dropped).
   */
  tellShown(shown: boolean): void {
    this.shownWanted = shown;
    this.flushShown();
  }

  private flushShown(): void {
    const shown = this.shownWanted;
    if (shown === null || shown === this.shownSent || !this.pcId || (this.offerer && !this.offerSent)) return;
    this.shownSent = shown;
    this.deps.send({ pc: this.pcId, shown });
  }

  /** A description, candidate or shown hint about this connection (the caller checked its id). */
  async apply(data: SignalData): Promise<void> {
    const { pc } = this;
    if ('shown' in data) {
      this.shownThere = data.shown;
      return this.applyLimits();
    }
    if ('candidate' in data) {
      if (pc.remoteDescription) await pc.addIceCandidate(data.candidate);
      else this.pending.push(data.candidate);
      return;
    }
    const description = data.description;
    await pc.setRemoteDescription(description);
    for (const c of this.pending.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
    if (description.type === 'offer') {
      // The answerer sends on the transceivers the offer made.
      const local = this.deps.local();
      await Promise.all(
        pc.getTransceivers().map((t) => {
          const kind = kindOf(t);
          if (local) t.sender.setStreams?.(local);
          t.direction = 'sendrecv';
          if (kind === 'video') preferVp8(t);
          return t.sender.replaceTrack(this.held ? null : this.deps.outgoing[kind]);
        }),
      );
      // The answer leaves as soon as it is made: applying it here (a round trip to WebRTC's own thread, long
      // on a busy machine) goes on meanwhile, and the offerer starts its checks sooner.
      const answer = await pc.createAnswer();
      this.deps.send({ pc: this.pcId!, description: { type: 'answer', sdp: answer.sdp } });
      await pc.setLocalDescription(answer);
      // Not awaited: the messages after this offer (the `joined` of the click among them) wait for nothing.
      if (this.held) void this.holdVideo();
    }
    await this.applyLimits();
    if (description.type === 'answer') {
      this.offering = false;
      if (this.again) await this.offer();
    }
  }

  close(): void {
    if (this.restartTimer !== null) window.clearTimeout(this.restartTimer);
    if (this.unconfirmedTimer !== null) window.clearTimeout(this.unconfirmedTimer);
    const { pc } = this;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.oniceconnectionstatechange = null;
    pc.onconnectionstatechange = null;
    pc.onnegotiationneeded = null;
    pc.close();
  }

  private watchIce(): void {
    const s = this.pc.iceConnectionState;
    if (s === 'connected' || s === 'completed' || s === 'closed') {
      if (this.restartTimer !== null) window.clearTimeout(this.restartTimer);
      this.restartTimer = null;
      return;
    }
    if (!this.offerer) {
      if (s === 'failed') this.deps.failedHere();
      return;
    }
    if (s === 'failed') this.pc.restartIce();
    else if (s === 'disconnected' && this.restartTimer === null) {
      this.restartTimer = window.setTimeout(() => {
        this.restartTimer = null;
        if (this.pc.iceConnectionState === 'disconnected' || this.pc.iceConnectionState === 'failed')
          this.pc.restartIce();
      }, DISCONNECTED_RESTART_MS);
    }
  }

  private async offer(): Promise<void> {
    if (this.offering || this.pc.signalingState !== 'stable') {
      this.again = true;
      return;
    }
    this.offering = true;
    this.again = false;
    try {
      // As the answer: it leaves as soon as it is made, and is applied here meanwhile (the browser queues
      // the answer's application behind it).
      const offer = await this.pc.createOffer();
      this.deps.send({ pc: this.pcId!, description: { type: 'offer', sdp: offer.sdp } });
      this.offerSent = true;
      this.flushShown();
      await this.pc.setLocalDescription(offer);
    } catch {
      this.offering = false;
    }
  }

  /**
   * Media of spec section 7 (audio at most 16 kbps, video at most 24 frames a second), video stepped down
   * for the size of the mesh and paused while the other side shows none of it; called again by the transport
   * when the room grows or shrinks past a step, and here when the other side's hint changes.
   */
  async applyLimits(): Promise<void> {
    const media = this.deps.media;
    if (!media || this.pc.connectionState === 'closed') return;
    const step = videoLimits(this.deps.participants(), media);
    const camera = this.deps.local()?.getVideoTracks()[0];
    // Video first, and every sender asked at once: the video's turning on (the join's first key frame) does
    // not wait behind the audio's limits, a round trip to WebRTC's thread of up to a second on a busy machine
    // (bench live's trace). Each sender's parameters are read and set in the same task, as setParameters requires.
    const transceivers = [...this.pc.getTransceivers()].sort(
      (a, b) => (kindOf(a) === 'video' ? 0 : 1) - (kindOf(b) === 'video' ? 0 : 1),
    );
    const applied: Promise<void>[] = [];
    for (const t of transceivers) {
      const { sender } = t;
      // The camera may already be captured at the step's size (P2pTransport.relimit); a screen is scaled by the step.
      const track = sender.track;
      const limits = track && track === camera ? cameraLimits(track.getSettings().width, step, media) : step;
      // Held (the lobby): the video's encodings stay off whatever the other side shows.
      const on = this.shownThere && !this.held;
      // The same limits as last set on this sender: nothing to do. getParameters and setParameters each wait
      // for WebRTC's thread, the first one blocking the page's main thread: a join released every connection
      // with the limits they had already (the audio's cap, a video still paused for a receiver that shows
      // another), 12 such calls on the joiner as its first frames came (bench live's LIVE_PROFILE).
      const key = JSON.stringify(kindOf(t) === 'audio' ? ['audio', media.maxAudioBitrate] : ['video', on, limits]);
      if (this.limited.get(sender) === key) continue;
      const params = sender.getParameters();
      if (!params.encodings?.length) continue;
      params.encodings = limitEncodings(params.encodings, kindOf(t), media, limits, on);
      this.limited.set(sender, key);
      applied.push(
        sender.setParameters(params).catch(() => {
          // Not applied: the next call tries again.
          if (this.limited.get(sender) === key) this.limited.delete(sender);
        }),
      );
    }
    await Promise.all(applied);
  }
}
