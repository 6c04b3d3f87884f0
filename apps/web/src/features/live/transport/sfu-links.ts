import type { IceServer, SfuClientData, SfuFeed } from '@forecourt/contracts';

/**
 * The three VP8 simulcast layers a camera is published with (rid h/m/l): the SFU forwards to each subscriber
 * the one its tile calls for. Bitrates are caps; the browser drops layers itself when its uplink is short.
 */
export const SIMULCAST_ENCODINGS: RTCRtpEncodingParameters[] = [
  { rid: 'h', maxBitrate: 700_000 },
  // Chromium may drop the lowest layer of a 600x400 camera: the middle one then serves thumbnails, and
  // must still cost at most a third of the high one.
  { rid: 'm', maxBitrate: 120_000, scaleResolutionDownBy: 2 },
  { rid: 'l', maxBitrate: 60_000, scaleResolutionDownBy: 4 },
];

type Send = (data: SfuClientData) => void;

const trickle = (pc: RTCPeerConnection, name: string, send: Send) => {
  pc.onicecandidate = (e) =>
    send({
      op: 'candidate',
      pc: name,
      candidate: e.candidate ? (e.candidate.toJSON() as { candidate: string }) : null,
    });
};

/** Whether a video track is a screen (getDisplayMedia) rather than a camera. */
export const isScreenTrack = (track: MediaStreamTrack | null): boolean =>
  track !== null && (track.getSettings() as { displaySurface?: string }).displaySurface !== undefined;

/**
 * One publication to the SFU (the camera with the microphone, or the screen): a send-only connection whose
 * offer goes to the server, answered by Janus.
 */
export class Publication {
  readonly pc: RTCPeerConnection;
  private readonly senders: Partial<Record<'audio' | 'video', RTCRtpSender>> = {};
  /** The offer, once made and set as the local description. */
  private made: Promise<void> | null = null;

  constructor(
    readonly feed: SfuFeed,
    iceServers: IceServer[],
    tracks: { audio?: MediaStreamTrack | null; video: MediaStreamTrack | null },
    maxAudioBitrate: number | undefined,
  ) {
    this.pc = new RTCPeerConnection({ iceServers });
    if (feed === 'camera') {
      const audio = this.pc.addTransceiver(tracks.audio ?? 'audio', { direction: 'sendonly' });
      this.senders.audio = audio.sender;
      this.limitAudio(maxAudioBitrate);
    }
    const video = this.pc.addTransceiver(tracks.video ?? 'video', {
      direction: 'sendonly',
      // The screen goes as one layer: text must stay sharp, and every subscriber shows it large.
      sendEncodings: feed === 'camera' ? SIMULCAST_ENCODINGS.map((e) => ({ ...e })) : [{ maxBitrate: 1_500_000 }],
    });
    // VP8 is the room's codec: Janus answers with it alone.
    this.senders.video = video.sender;
  }

  /** The room's cap on the microphone's bitrate (bits a second), once known. */
  limitAudio(maxAudioBitrate: number | undefined): void {
    const sender = this.senders.audio;
    if (!sender || !maxAudioBitrate) return;
    const params = sender.getParameters();
    if (!params.encodings?.[0]) return;
    params.encodings[0].maxBitrate = maxAudioBitrate;
    void sender.setParameters(params).catch(() => undefined);
  }

  /**
   * Makes the offer ahead of the join (during the preview): its ICE candidates gather meanwhile, and are in
   * the local description the join sends, so Janus has them with the offer.
   */
  prepare(): Promise<void> {
    this.made ??= (async () => {
      const offer = await this.pc.createOffer();
      await this.pc.setLocalDescription(offer);
    })();
    return this.made;
  }

  /** Makes the offer (unless prepare() made it) and sends it, with the local candidates as they come. */
  async offer(send: Send): Promise<void> {
    const ahead = this.made !== null;
    if (!ahead) trickle(this.pc, this.feed, send);
    await this.prepare();
    if (ahead) trickle(this.pc, this.feed, send);
    send({ op: 'publish', feed: this.feed, jsep: { type: 'offer', sdp: this.pc.localDescription?.sdp ?? '' } });
    // Made ahead, its gathering may be over: the candidates are all in that description, and Janus is told there are no more.
    if (ahead && this.pc.iceGatheringState === 'complete') send({ op: 'candidate', pc: this.feed, candidate: null });
  }

  async answered(sdp: string): Promise<void> {
    if (this.pc.signalingState === 'have-local-offer') await this.pc.setRemoteDescription({ type: 'answer', sdp });
  }

  async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
    if (this.senders[kind] && this.senders[kind].track !== track) await this.senders[kind].replaceTrack(track);
  }

  close(): void {
    this.pc.onicecandidate = null;
    this.pc.close();
  }
}

/** One subscription: another participant's camera or screen, offered by Janus through the server. */
export class Subscription {
  readonly pc: RTCPeerConnection;
  readonly tracks: MediaStreamTrack[] = [];

  constructor(
    readonly name: string,
    readonly from: string,
    readonly feed: SfuFeed,
    iceServers: IceServer[],
    onTrack: () => void,
  ) {
    this.pc = new RTCPeerConnection({ iceServers });
    this.pc.ontrack = (e) => {
      if (!this.tracks.includes(e.track)) this.tracks.push(e.track);
      onTrack();
    };
  }

  async answer(sdp: string, send: Send): Promise<void> {
    trickle(this.pc, this.name, send);
    await this.pc.setRemoteDescription({ type: 'offer', sdp });
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    send({ op: 'answer', pc: this.name, jsep: { type: 'answer', sdp: answer.sdp ?? '' } });
  }

  track(kind: 'audio' | 'video'): MediaStreamTrack | null {
    return this.tracks.find((t) => t.kind === kind && t.readyState === 'live') ?? null;
  }

  close(): void {
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.close();
  }
}
