import {
  type MediaState,
  type Participant,
  type SfuClientData,
  type SfuLayer,
  type SfuServerData,
  type ServerMessage,
} from '@forecourt/contracts';
import type { JoinOptions, MediaTransport, RemoteParticipant } from './media-transport';
import { isScreenTrack, Publication, Subscription } from './sfu-links';
import { SignalledTransport } from './signalled-transport';

/** How long the SFU's answer to the camera may take. */
const PUBLISH_TIMEOUT_MS = 15_000;
/** How long a participant missing from the welcome of a restarted server stays listed, waiting for its own rejoin. */
const UNCONFIRMED_MS = 15_000;
/** A camera publication prepared during the preview older than this is made afresh (its candidates may be stale). */
const PREPARED_MAX_AGE_MS = 60_000;

interface Member extends Participant {
  media: MediaState | null;
}

/**
 * The SFU driver (LIVE_SFU=janus): the camera and microphone are published once, in three simulcast layers,
 * the screen as a second publication while shared, and every other participant's publications are
 * subscribed to, each connection negotiated with Janus through the server's signalling socket. The layer
 * of each subscription follows the tile it is shown in (showLarge); the dominant speaker comes from Janus's
 * talking events.
 *
 * The lobby: while the preview shows, `wait()` opens the socket as a waiting member; the server connects
 * its subscriptions to the others' publications with Janus holding their media back, and its camera's
 * publication connects with no track on its senders (nothing reaches Janus, nobody subscribes to it). On
 * `join()` the server lets it in (`entered`): Janus starts the held streams and this page puts its tracks
 * on the publication, so the first remote frame is one key frame away.
 */
export class SfuTransport extends SignalledTransport implements MediaTransport {
  private readonly members = new Map<string, Member>();
  private readonly subs = new Map<string, Subscription>();
  private readonly talking = new Map<string, boolean>();
  /** Participants a restarted server forgot, kept until they rejoin (timers that remove them otherwise). */
  private readonly unconfirmed = new Map<string, number>();
  /** The stream shown for each participant, kept while its tracks are the same (a new one restarts the <video>). */
  private readonly streams = new Map<string, { key: string; stream: MediaStream }>();
  private readonly layers = new Map<string, SfuLayer>();
  private large: string | null = null;
  private camera: Publication | null = null;
  private screen: Publication | null = null;
  private screenTrack: MediaStreamTrack | null = null;
  private readonly outgoing: { audio: MediaStreamTrack | null; video: MediaStreamTrack | null } = {
    audio: null,
    video: null,
  };
  private cameraAnswered: ((ok: boolean) => void) | null = null;
  /** The server said it cannot reach the SFU (it may say so before the camera is even offered). */
  private sfuUnavailable = false;
  /** The camera's publication made during the preview, its offer and candidates ready for the join. */
  private prepared: { publication: Publication; at: number; iceServers: string } | null = null;
  /** Janus answered the current camera publication. */
  private cameraReady = false;
  /** The lobby's socket being opened (wait()); a join waits for it. */
  private waitingFor: Promise<void> | null = null;

  /**
   * While the preview shows: the camera's publication with its offer made and its candidates gathered (with
   * the token's TURN credentials), so that the join sends it at the welcome. The tracks follow the preview's.
   */
  prepare(iceServers: JoinOptions['iceServers'], stream: MediaStream): void {
    if (this.state.connection !== 'idle' && this.state.connection !== 'closed') return;
    const tracks = { audio: stream.getAudioTracks()[0] ?? null, video: stream.getVideoTracks()[0] ?? null };
    const held = this.prepared;
    const servers = JSON.stringify(iceServers);
    if (held && held.iceServers === servers && Date.now() - held.at < PREPARED_MAX_AGE_MS) {
      void held.publication.replaceTrack('audio', tracks.audio).catch(() => undefined);
      void held.publication.replaceTrack('video', tracks.video).catch(() => undefined);
      return;
    }
    this.discardPrepared();
    const publication = new Publication('camera', iceServers, tracks, undefined);
    const entry = { publication, at: Date.now(), iceServers: servers };
    this.prepared = entry;
    void publication.prepare().catch(() => {
      if (this.prepared === entry) this.discardPrepared();
    });
  }

  private discardPrepared(): void {
    this.prepared?.publication.close();
    this.prepared = null;
  }

  /** The publication prepared ahead, if fresh and made with the servers this join uses. */
  private takePrepared(iceServers: JoinOptions['iceServers']): Publication | null {
    const held = this.prepared;
    this.prepared = null;
    if (
      held &&
      held.iceServers === JSON.stringify(iceServers) &&
      Date.now() - held.at < PREPARED_MAX_AGE_MS &&
      held.publication.pc.signalingState !== 'closed'
    )
      return held.publication;
    held?.publication.close();
    return null;
  }

  /**
   * While the preview shows, with a token of the room: opens the signalling socket as a waiting member of
   * the lobby, and the camera's publication with its tracks held back (the server connects the
   * subscriptions). Does nothing if it is open (or opening); a failure is silent (the join connects as it
   * would without).
   */
  wait(options: JoinOptions): Promise<void> {
    if (this.waitingFor || (this.signalling && !this.left)) return this.waitingFor ?? Promise.resolve();
    this.options = options;
    this.left = false;
    this.lobby = true;
    this.sfuUnavailable = false;
    const opening = (async () => {
      await this.connect(options.token);
      await this.startCamera();
    })().catch(() => {
      // A join meanwhile opened its own socket: that one is kept.
      if (!this.lobby) return;
      this.lobby = false;
      this.selfWaiting = false;
      const signalling = this.signalling;
      this.signalling = null;
      signalling?.close();
      this.closeMedia();
      this.members.clear();
      this.set({ connection: 'idle', self: null, participants: [] });
    });
    const waited: Promise<void> = opening.finally(() => {
      if (this.waitingFor === waited) this.waitingFor = null;
    });
    this.waitingFor = waited;
    return waited;
  }

  async join(options: JoinOptions): Promise<void> {
    if (this.waitingFor) await this.waitingFor;
    // From the lobby: the socket and the connections are there; the server lets this page in.
    if (this.selfWaiting && !this.left) {
      const entered = await this.askEntry(options);
      // In once Janus took the camera: one that does not answer fails the join, as it does without the lobby.
      if (entered && (await this.cameraTaken())) return;
      this.leave();
      this.set({ connection: 'failed' });
      throw new Error('not let in from the lobby');
    }
    this.options = options;
    this.left = false;
    this.lobby = false;
    this.sfuUnavailable = false;
    this.set({ connection: 'connecting' });
    try {
      await this.connect(options.token);
      // Joined once the SFU took the camera: a Janus that does not answer fails the join, as a failed call does.
      const published = new Promise<boolean>((resolve) => {
        this.cameraAnswered = resolve;
        window.setTimeout(() => resolve(false), PUBLISH_TIMEOUT_MS);
        if (this.sfuUnavailable) resolve(false);
      });
      await this.startCamera();
      const ok = await published;
      this.cameraAnswered = null;
      if (!ok) throw new Error('the SFU did not take the camera');
    } catch (err) {
      this.leave();
      this.set({ connection: 'failed' });
      throw err;
    }
  }

  /** Whether Janus answered the camera's publication (now, or within the publish timeout). */
  private cameraTaken(): Promise<boolean> {
    if (this.sfuUnavailable) return Promise.resolve(false);
    if (this.cameraReady) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      this.cameraAnswered = (ok) => {
        this.cameraAnswered = null;
        resolve(ok);
      };
      window.setTimeout(() => this.cameraAnswered?.(false), PUBLISH_TIMEOUT_MS);
    });
  }

  publish(stream: MediaStream): void {
    this.outgoing.audio = stream.getAudioTracks()[0] ?? null;
    this.outgoing.video = stream.getVideoTracks()[0] ?? null;
  }

  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    if (kind === 'video' && isScreenTrack(track)) return this.startScreen(track!);
    if (kind === 'video') this.stopScreen();
    this.outgoing[kind] = track;
    // In the lobby the publication carries nothing: the tracks go on it at the join.
    if (!this.selfWaiting) await this.camera?.replaceTrack(kind, track);
  }

  unpublish(): void {
    this.stopScreen();
    this.outgoing.audio = null;
    this.outgoing.video = null;
    void this.camera?.replaceTrack('audio', null);
    void this.camera?.replaceTrack('video', null);
  }

  /** Janus's talking events as levels: 1 for a participant talking, 0 for one who stopped. */
  async audioLevels(): Promise<Map<string, number>> {
    const levels = new Map<string, number>();
    for (const [id, talking] of this.talking) if (this.members.has(id)) levels.set(id, talking ? 1 : 0);
    return levels;
  }

  /** The participant shown in the main video gets the high layer of its camera, the others the low one. */
  showLarge(id: string | null): void {
    this.large = id;
    this.sendLayers();
  }

  leave(): void {
    this.left = true;
    this.lobby = false;
    this.selfWaiting = false;
    this.settleEntry(false);
    this.discardPrepared();
    const signalling = this.signalling;
    this.signalling = null;
    signalling?.close();
    this.welcomed?.(false);
    this.cameraAnswered?.(false);
    this.closeMedia();
    for (const timer of this.unconfirmed.values()) window.clearTimeout(timer);
    this.unconfirmed.clear();
    this.members.clear();
    this.talking.clear();
    this.token = null;
    this.set({ connection: 'closed', self: null, participants: [] });
  }

  /** Whether a connection to the SFU is closed or failed (the network dropped long enough, or the page closed it). */
  private mediaLost(): boolean {
    const dead = (pc: RTCPeerConnection) => pc.connectionState === 'closed' || pc.connectionState === 'failed';
    return (this.camera !== null && dead(this.camera.pc)) || [...this.subs.values()].some((s) => dead(s.pc));
  }

  /** Publishes afresh (the camera, and the screen while shared); the server offers the others' again. */
  private async restartMedia(): Promise<void> {
    const sharing = this.screenTrack;
    this.closeMedia();
    await this.startCamera();
    if (sharing) await this.startScreen(sharing);
  }

  /** The server still holds this participant's Janus connections, which this browser lost: both start afresh. */
  private async resetMedia(): Promise<void> {
    if (this.state.connection !== 'connected' || !this.signalling) return;
    this.sfu({ op: 'reset' });
    await this.restartMedia();
  }

  /** A connection that fails (ICE) during the call: both sides start afresh, in turn with the server's messages. */
  private watch(pc: RTCPeerConnection): void {
    pc.addEventListener('connectionstatechange', () => {
      if (pc.connectionState !== 'failed') return;
      this.inbox = this.inbox
        .then(async () => {
          // Once per loss: a reset already made closed this connection.
          if (pc.connectionState === 'failed') await this.resetMedia();
        })
        .catch(() => undefined);
    });
  }

  private sfu(data: SfuClientData): void {
    this.signalling?.send({ type: 'sfu', data });
  }

  /** Each participant's stream: the camera's sound, and its screen while shared, else its camera. */
  private publishMembers(): void {
    const participants: RemoteParticipant[] = [...this.members.values()].map((m) => {
      const mine = [...this.subs.values()].filter((s) => s.from === m.id);
      const camera = mine.find((s) => s.feed === 'camera');
      const screen = mine.find((s) => s.feed === 'screen');
      const tracks = [camera?.track('audio'), screen?.track('video') ?? camera?.track('video')].filter(
        (t): t is MediaStreamTrack => !!t,
      );
      const key = tracks.map((t) => t.id).join(',');
      let held = this.streams.get(m.id);
      if (!held || held.key !== key) this.streams.set(m.id, (held = { key, stream: new MediaStream(tracks) }));
      return { ...m, stream: tracks.length > 0 ? held.stream : null };
    });
    this.set({ participants });
  }

  private sendLayers(): void {
    if (this.state.connection !== 'connected') return;
    for (const id of this.members.keys()) {
      const layer: SfuLayer = id === this.large ? 'high' : 'low';
      if (this.layers.get(id) === layer) continue;
      this.layers.set(id, layer);
      this.sfu({ op: 'layer', of: id, layer });
    }
  }

  /** Publishes the camera, with no track while this page waits in the lobby (the join puts them on). */
  private async startCamera(): Promise<void> {
    this.camera?.close();
    this.cameraReady = false;
    const iceServers = this.options?.iceServers ?? [];
    const ahead = this.takePrepared(iceServers);
    const tracks = this.selfWaiting ? { audio: null, video: null } : this.outgoing;
    const camera = ahead ?? new Publication('camera', iceServers, tracks, this.options?.media.maxAudioBitrate);
    this.camera = camera;
    this.watch(camera.pc);
    if (ahead) {
      ahead.limitAudio(this.options?.media.maxAudioBitrate);
      await ahead.replaceTrack('audio', tracks.audio);
      await ahead.replaceTrack('video', tracks.video);
    }
    await camera.offer((d) => this.sfu(d));
  }

  /** Let in from the lobby: the held publication gets its tracks (Janus started the held subscriptions). */
  private async enterCall(): Promise<void> {
    if (!this.selfWaiting) return;
    this.selfWaiting = false;
    this.lobby = false;
    const camera = this.camera;
    if (camera && camera.pc.signalingState !== 'closed') {
      // Both at once: the video does not wait behind the audio's round trip to WebRTC's thread.
      await Promise.all([
        camera.replaceTrack('audio', this.outgoing.audio),
        camera.replaceTrack('video', this.outgoing.video),
      ]);
    } else {
      // Its publication failed in the lobby: published now, with the tracks.
      await this.startCamera();
    }
    if (this.mediaState) this.signalling?.send({ type: 'media', state: this.mediaState });
    this.sendLayers();
    this.settleEntry(true);
  }

  private async startScreen(track: MediaStreamTrack): Promise<void> {
    this.stopScreen();
    this.screenTrack = track;
    const screen = new Publication('screen', this.options?.iceServers ?? [], { video: track }, undefined);
    this.screen = screen;
    await screen.offer((d) => this.sfu(d));
  }

  private stopScreen(): void {
    if (!this.screen) return;
    this.screen.close();
    this.screen = null;
    this.screenTrack = null;
    this.sfu({ op: 'unpublish', feed: 'screen' });
  }

  private closeMedia(): void {
    this.camera?.close();
    this.camera = null;
    this.screen?.close();
    this.screen = null;
    for (const sub of this.subs.values()) sub.close();
    this.subs.clear();
    this.streams.clear();
    this.layers.clear();
  }

  private removeMember(id: string): void {
    window.clearTimeout(this.unconfirmed.get(id));
    this.unconfirmed.delete(id);
    const m = this.members.get(id);
    if (!m) return;
    this.members.delete(id);
    this.talking.delete(id);
    this.layers.delete(id);
    this.streams.delete(id);
    for (const [name, sub] of this.subs) {
      if (sub.from !== id) continue;
      sub.close();
      this.subs.delete(name);
    }
    this.publishMembers();
    this.emit({ type: 'participantLeft', participant: m });
  }

  protected async handle(message: ServerMessage): Promise<void> {
    switch (message.type) {
      case 'welcome': {
        const rejoin = this.state.self !== null;
        const wasWaiting = this.selfWaiting;
        this.selfWaiting = message.waiting;
        const spin = rejoin && message.self.host ? this.state.spin : message.spin;
        const before = new Map(this.members);
        this.members.clear();
        for (const p of message.participants)
          this.members.set(p.id, { id: p.id, identity: p.identity, host: p.host, media: p.media });
        this.set({ self: message.self, spin, connection: 'connected' });
        if (rejoin) {
          for (const [id, m] of this.members)
            if (!before.has(id)) this.emit({ type: 'participantJoined', participant: m });
          for (const [id, m] of before) {
            if (this.members.has(id)) continue;
            if (message.resumed) {
              this.emit({ type: 'participantLeft', participant: m });
              continue;
            }
            // A server that forgot everyone (a restart): the others come back on their own, as this browser
            // did; they stay listed for a while, and count as gone only if they do not.
            this.members.set(id, m);
            this.unconfirmed.set(
              id,
              window.setTimeout(() => this.removeMember(id), UNCONFIRMED_MS),
            );
          }
          // A server that forgot this participant forgot its Janus connections too: publish afresh. One
          // that kept them while this browser lost its own is told to start afresh as well.
          if (!message.resumed) await this.restartMedia();
          else if (this.mediaLost()) await this.resetMedia();
        }
        // Joined while its socket was away from the lobby: in the call now.
        if (wasWaiting && !message.waiting) {
          this.selfWaiting = true;
          await this.enterCall();
        }
        if (this.mediaState && !this.selfWaiting) this.signalling?.send({ type: 'media', state: this.mediaState });
        if (rejoin && message.self.host && JSON.stringify(spin) !== JSON.stringify(message.spin))
          this.signalling?.send({ type: 'spin', spin });
        this.publishMembers();
        this.sendLayers();
        this.welcomed?.(true);
        return;
      }
      case 'joined':
        if (this.members.has(message.participant.id)) {
          // Back after a server restart, as expected: no notice.
          window.clearTimeout(this.unconfirmed.get(message.participant.id));
          this.unconfirmed.delete(message.participant.id);
          return;
        }
        this.members.set(message.participant.id, { ...message.participant, media: null });
        // The layer asked first (media), the page's render after.
        this.sendLayers();
        this.publishMembers();
        this.emit({ type: 'participantJoined', participant: message.participant });
        return;
      case 'left':
        return this.removeMember(message.id);
      case 'entered':
        return this.enterCall();
      case 'waiting':
        // Another page in the lobby: the SFU connects it on its own, nothing for this page to do.
        return;
      case 'media': {
        const m = this.members.get(message.from);
        if (!m) return;
        m.media = message.state;
        this.publishMembers();
        return;
      }
      case 'spin':
        this.set({ spin: message.spin });
        return;
      case 'sfu':
        return this.onSfu(message.data);
      case 'error':
        if (message.code !== 'SFU_UNAVAILABLE') return;
        this.sfuUnavailable = true;
        this.cameraAnswered?.(false);
        return;
      case 'signal':
        return;
    }
  }

  private async onSfu(data: SfuServerData): Promise<void> {
    switch (data.op) {
      case 'answer': {
        const publication = data.pc === 'camera' ? this.camera : this.screen;
        await publication?.answered(data.jsep.sdp);
        if (data.pc === 'camera') {
          this.cameraReady = true;
          this.cameraAnswered?.(true);
        }
        return;
      }
      case 'offer': {
        this.subs.get(data.pc)?.close();
        const sub = new Subscription(data.pc, data.from, data.feed, this.options?.iceServers ?? [], () =>
          this.publishMembers(),
        );
        this.subs.set(data.pc, sub);
        this.watch(sub.pc);
        await sub.answer(data.jsep.sdp, (d) => this.sfu(d));
        return;
      }
      case 'gone': {
        const sub = this.subs.get(data.pc);
        if (!sub) return;
        sub.close();
        this.subs.delete(data.pc);
        this.publishMembers();
        return;
      }
      case 'talking':
        this.talking.set(data.id, data.talking);
        return;
      case 'failed':
        if (data.pc === 'camera') {
          if (this.cameraAnswered) this.cameraAnswered(false);
          else if (this.selfWaiting) {
            // In the lobby: published again at the join.
            this.camera?.close();
            this.camera = null;
          } else this.emit({ type: 'connectionFailed' });
        } else if (data.pc === 'screen') {
          this.stopScreen();
        }
        return;
    }
  }
}
