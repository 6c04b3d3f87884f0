/** The IS-Net model's input side: every picture is resized to this square before inference. */
export const MODEL_SIDE = 1024;

/** What the worker sends the segmenter: one picture file (JPEG, PNG...). */
export interface SegmentRequest {
  id: number;
  image: Uint8Array;
}

export type SegmentReply =
  /** The mask at MODEL_SIDE², one byte a pixel, for a picture of width × height once upright. */
  | { kind: 'mask'; width: number; height: number; mask: Uint8Array }
  /** The file is not a picture, or a damaged one: retrying will not help. */
  | { kind: 'unreadable'; message: string }
  | { kind: 'failed'; message: string };

export type SegmenterMessage = { ready: true } | { id: number; reply: SegmentReply };
