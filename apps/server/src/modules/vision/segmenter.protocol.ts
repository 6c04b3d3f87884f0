/** The IS-Net model's input side: every picture is resized to this square before inference. */
export const MODEL_SIDE = 1024;

/** What the worker sends the segmenter: one picture, decoded, upright, resized to MODEL_SIDE². */
export interface SegmentRequest {
  id: number;
  /** The picture's own size once upright: the mask is enlarged back to it. */
  width: number;
  height: number;
  /** MODEL_SIDE² pixels, RGB, one byte a channel. */
  pixels: Uint8Array;
}

export type SegmentReply =
  /** The mask at MODEL_SIDE², one byte a pixel, for a picture of width × height once upright. */
  { kind: 'mask'; width: number; height: number; mask: Uint8Array } | { kind: 'failed'; message: string };

export type SegmenterMessage = { ready: true } | { id: number; reply: SegmentReply };
