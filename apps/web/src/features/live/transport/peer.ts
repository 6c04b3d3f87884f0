import type { LiveOptions, MediaState, Participant, SignalData } from '@forecourt/contracts';

export type Kind = 'audio' | 'video';
export type Candidate = Extract<SignalData, { candidate: unknown }>['candidate'];

/** The connection with one remote participant, and what the negotiation of it needs to remember. */
export interface Peer {
  participant: Participant;
  pc: RTCPeerConnection;
  /** The connection's id, chosen by its offerer; null on an answerer until the first offer names it. */
  pcId: string | null;
  /** Ids of earlier connections with this participant: their late signals are ignored. */
  retired: Set<string>;
  stream: MediaStream;
  /** This side offered the connection: it is the one that restarts ICE, so offers never cross. */
  offerer: boolean;
  /** The connection carried media at some point. */
  everConnected: boolean;
  media: MediaState | null;
  pending: RTCIceCandidateInit[];
  restartTimer: number | null;
  /** Set while the participant is missing from a room the server rebuilt: when it fires, they count as gone. */
  unconfirmedTimer: number | null;
  /** An offer is on its way; a negotiation asked for meanwhile waits for its answer. */
  offering: boolean;
  again: boolean;
}

/** A fresh connection id: random, in the alphabet the contract allows. */
export function newPcId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

export const kindOf = (t: RTCRtpTransceiver): Kind => (t.receiver.track.kind === 'audio' ? 'audio' : 'video');

/** VP8 first (spec section 7): the codec every browser decodes in software and the SFU will simulcast. */
export function preferVp8(transceiver: RTCRtpTransceiver): void {
  const codecs = RTCRtpReceiver.getCapabilities?.('video')?.codecs;
  if (!codecs || !transceiver.setCodecPreferences) return;
  const rank = (c: { mimeType: string }) => (c.mimeType.toLowerCase() === 'video/vp8' ? 0 : 1);
  transceiver.setCodecPreferences([...codecs].sort((a, b) => rank(a) - rank(b)));
}

/** Media of spec section 7: audio at most 16 kbps, video at most 24 frames a second. */
export async function limitBitrates(pc: RTCPeerConnection, media: LiveOptions['media'] | undefined): Promise<void> {
  if (!media) return;
  for (const t of pc.getTransceivers()) {
    const params = t.sender.getParameters();
    if (!params.encodings?.length) continue;
    if (kindOf(t) === 'audio') params.encodings[0]!.maxBitrate = media.maxAudioBitrate;
    else params.encodings[0]!.maxFramerate = media.video.frameRate;
    await t.sender.setParameters(params).catch(() => undefined);
  }
}

/** Stops a connection and every timer about it. */
export function closePeer(peer: Peer): void {
  if (peer.restartTimer !== null) window.clearTimeout(peer.restartTimer);
  if (peer.unconfirmedTimer !== null) window.clearTimeout(peer.unconfirmedTimer);
  peer.pc.onicecandidate = null;
  peer.pc.ontrack = null;
  peer.pc.oniceconnectionstatechange = null;
  peer.pc.onconnectionstatechange = null;
  peer.pc.onnegotiationneeded = null;
  peer.pc.close();
}
