/**
 * Pure plans: the ffmpeg and ffprobe argument lists of every media operation, built from typed inputs.
 * Tests read them without running ffmpeg; `runMedia` executes them.
 */

/** The house format every intro, outro and vehicle video is normalised to, so assembly is a stream copy. */
export const HOUSE = {
  width: 1280,
  height: 720,
  fps: 25,
  audioRate: 48000,
  audioBitrate: '128k',
} as const;

const QUIET = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];

export const probeArgs = (input: string): string[] => [
  '-v',
  'error',
  '-print_format',
  'json',
  '-show_format',
  '-show_streams',
  input,
];

/**
 * Every packet of a file's first video (or audio) stream, one `pts,duration` line each: what the content
 * really holds (its frames, the time they span), whatever its header declares.
 */
export const packetArgs = (input: string, stream: 'v:0' | 'a:0'): string[] => [
  '-v',
  'error',
  '-select_streams',
  stream,
  '-show_entries',
  'packet=pts_time,duration_time',
  '-of',
  'csv=p=0',
  input,
];

const houseVideoCodec = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
  // A key frame every two seconds: the player seeks quickly, segments stay small.
  '-g',
  String(HOUSE.fps * 2),
];
const houseAudioCodec = ['-c:a', 'aac', '-b:a', HOUSE.audioBitrate, '-ar', String(HOUSE.audioRate), '-ac', '2'];
const fastStart = ['-movflags', '+faststart'];

/**
 * Any MP4/MOV to the house format: 1280x720 (letterboxed, never stretched), H.264, constant 25 fps, AAC
 * stereo 48 kHz, fast start. A video without sound gets a silent track, so every part of a
 * concatenation has the same streams.
 */
export function normaliseVideoArgs(
  input: { file: string; hasAudio: boolean; durationSeconds: number },
  output: string,
): string[] {
  const { width: w, height: h, fps } = HOUSE;
  const silence = input.hasAudio
    ? []
    : ['-f', 'lavfi', '-t', input.durationSeconds.toFixed(3), '-i', `anullsrc=r=${HOUSE.audioRate}:cl=stereo`];
  return [
    ...QUIET,
    '-i',
    input.file,
    ...silence,
    '-filter_complex',
    `[0:v:0]scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${fps},format=yuv420p[v]`,
    '-map',
    '[v]',
    '-map',
    input.hasAudio ? '0:a:0' : '1:a:0',
    ...houseVideoCodec,
    ...houseAudioCodec,
    '-t',
    input.durationSeconds.toFixed(3),
    ...fastStart,
    output,
  ];
}

/** An MP3/OGG track to AAC, loudness-normalised to EBU R128 (-16 LUFS integrated, as for web video). */
export const normaliseAudioArgs = (input: string, output: string): string[] => [
  ...QUIET,
  '-i',
  input,
  '-vn',
  '-af',
  'loudnorm=I=-16:TP=-1.5:LRA=11',
  ...houseAudioCodec,
  '-f',
  'mp4',
  output,
];

/**
 * A WAV track as the MP3 the audio slot keeps (VBR ~190 kb/s): a WAV is ten times the size, and the players and
 * the assembly take MP3. Only the first sound stream; tags and pictures are left behind.
 */
export const wavToMp3Args = (input: string, output: string): string[] => [
  ...QUIET,
  '-i',
  input,
  '-map',
  '0:a:0',
  '-map_metadata',
  '-1',
  '-c:a',
  'libmp3lame',
  '-q:a',
  '2',
  '-f',
  'mp3',
  output,
];

/** The concat demuxer's list file: one line per part, paths quoted for it. */
export const concatList = (files: string[]): string =>
  files.map((f) => `file '${f.replace(/'/g, "'\\''")}'\n`).join('');

/** House-format parts joined end to end without re-encoding. */
export const concatArgs = (listFile: string, output: string): string[] => [
  ...QUIET,
  '-f',
  'concat',
  '-safe',
  '0',
  '-i',
  listFile,
  '-map',
  '0:v',
  '-map',
  '0:a',
  '-c',
  'copy',
  ...fastStart,
  output,
];

/**
 * A house-format video with the group's audio track laid under it: the track looped (read again from
 * the start as often as needed) and ended with the video's own sound, lowered (side-chain compression)
 * while that sound plays. The picture is copied; only the sound is encoded. The video's length is not
 * needed: the mix lasts as long as its first input, the video's own (house-format) sound.
 */
export const underlayAudioArgs = (input: { video: string; audio: string }, output: string): string[] => [
  ...QUIET,
  '-i',
  input.video,
  '-stream_loop',
  '-1',
  '-i',
  input.audio,
  '-filter_complex',
  [
    '[1:a]volume=0.6[music]',
    '[0:a]asplit=2[own][key]',
    '[music][key]sidechaincompress=threshold=0.02:ratio=8:attack=20:release=400[ducked]',
    '[own][ducked]amix=inputs=2:duration=first:dropout_transition=0,volume=2[a]',
  ].join(';'),
  '-map',
  '0:v:0',
  '-map',
  '[a]',
  '-c:v',
  'copy',
  ...houseAudioCodec,
  ...fastStart,
  output,
];

/** A JPEG poster: the frame at `atSeconds` (or the first one for very short videos). */
export const posterArgs = (input: string, atSeconds: number, output: string): string[] => [
  ...QUIET,
  '-ss',
  atSeconds.toFixed(3),
  '-i',
  input,
  '-frames:v',
  '1',
  '-q:v',
  '4',
  '-f',
  'mjpeg',
  output,
];
