/** One track of a recorded call, converted from its .mjr file: where it is, what it is, when it began. */
export interface RecordedTrack {
  file: string;
  kind: 'audio' | 'video';
  /** When Janus wrote its first packet, in microseconds since the epoch (the .mjr header's `u`, else `s`). */
  startedUs: number;
}

/** The size of the composed video: every camera a tile of a grid on this canvas. */
export const CANVAS = { width: 1280, height: 720, fps: 24 } as const;

/** What a .mjr header (`janus-pp-rec --json`) says of a track: its kind and start, or null for a data channel or an unreadable header. */
export function parseMjrHeader(json: string): { kind: 'audio' | 'video'; codec: string; startedUs: number } | null {
  let header: { t?: unknown; c?: unknown; s?: unknown; u?: unknown };
  try {
    header = JSON.parse(json) as typeof header;
  } catch {
    return null;
  }
  const kind = header.t === 'a' ? 'audio' : header.t === 'v' ? 'video' : null;
  const started =
    typeof header.u === 'number' && header.u > 0 ? header.u : typeof header.s === 'number' ? header.s : null;
  if (!kind || started === null || typeof header.c !== 'string') return null;
  return { kind, codec: header.c, startedUs: started };
}

/** The file janus-pp-rec converts a track to: WebM for VP8 video, Ogg Opus for audio. */
export const convertedName = (kind: 'audio' | 'video', index: number) =>
  `track-${index}.${kind === 'video' ? 'webm' : 'opus'}`;

/** Columns and rows of a grid holding n tiles, as square as it gets (1: 1x1, 2: 2x1, 3-4: 2x2, 5-6: 3x2...). */
export function gridOf(n: number): { cols: number; rows: number } {
  const cols = Math.max(1, Math.ceil(Math.sqrt(n)));
  return { cols, rows: Math.max(1, Math.ceil(n / cols)) };
}

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);
const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The ffmpeg arguments that compose a recorded call into one MP4 (H.264 + AAC, plays everywhere): every
 * video track a tile of a grid, in the order given (a late joiner's tile is black until its camera appears,
 * and black again once it ends: `eof_action=pass`), all the audio mixed
 * (amix), each track placed at its start relative to the first track of the call, and the whole cut to the
 * call's recorded duration. A call without a camera is a black picture, one without sound silent.
 */
export function composeArgs(tracks: readonly RecordedTrack[], durationMs: number, output: string): string[] {
  const first = Math.min(...tracks.map((t) => t.startedUs));
  const offsetMs = (t: RecordedTrack) => Math.max(0, Math.round((t.startedUs - first) / 1000));
  const duration = seconds(durationMs);
  const videos = tracks.map((t, i) => ({ t, i })).filter((x) => x.t.kind === 'video');
  const audios = tracks.map((t, i) => ({ t, i })).filter((x) => x.t.kind === 'audio');
  const { cols, rows } = gridOf(videos.length);
  const tileW = even(CANVAS.width / cols);
  const tileH = even(CANVAS.height / rows);
  const graph: string[] = [`color=c=black:s=${CANVAS.width}x${CANVAS.height}:r=${CANVAS.fps}:d=${duration}[base]`];
  let last = 'base';
  videos.forEach(({ t, i }, n) => {
    const x = (n % cols) * tileW;
    const y = Math.floor(n / cols) * tileH;
    graph.push(
      `[${i}:v]setpts=PTS-STARTPTS+${seconds(offsetMs(t))}/TB,fps=${CANVAS.fps},scale=${tileW}:${tileH}:force_original_aspect_ratio=decrease,` +
        `pad=${tileW}:${tileH}:(ow-iw)/2:(oh-ih)/2:black,setsar=1[v${n}]`,
      `[${last}][v${n}]overlay=${x}:${y}:eof_action=pass[o${n}]`,
    );
    last = `o${n}`;
  });
  graph.push(`[${last}]format=yuv420p[vout]`);
  if (audios.length === 0) {
    graph.push(`anullsrc=r=48000:cl=stereo,atrim=0:${duration}[aout]`);
  } else {
    audios.forEach(({ t, i }, n) =>
      graph.push(`[${i}:a]aresample=48000,asetpts=PTS-STARTPTS,adelay=${offsetMs(t)}:all=1[a${n}]`),
    );
    const mixed =
      audios.length === 1
        ? '[a0]anull'
        : `${audios.map((_, n) => `[a${n}]`).join('')}amix=inputs=${audios.length}:duration=longest:dropout_transition=0`;
    graph.push(`${mixed},apad[aout]`);
  }
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'],
    ...tracks.flatMap((t) => ['-i', t.file]),
    ...['-filter_complex', graph.join(';')],
    ...['-map', '[vout]', '-map', '[aout]'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-r', String(CANVAS.fps)],
    ...['-c:a', 'aac', '-b:a', '96k', '-ar', '48000', '-ac', '2'],
    ...['-t', duration, '-movflags', '+faststart', output],
  ];
}
