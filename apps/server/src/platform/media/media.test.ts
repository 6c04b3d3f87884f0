import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exceededLimit, transcodeTimeoutMs } from './media-limits';
import { acceptsAs, measureStream, parsePackets, probeMedia } from './media-probe';
import { concatArgs, concatList, normaliseVideoArgs, underlayAudioArgs } from './media-plans';
import { cpuSecondsOf, limitedInvocation, MediaCommandError, runMedia } from './media-runner';
import { makeAudio, makeJpeg, makeSparseVideo, makeVideo } from './test-media.fixture';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-media-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const at = (name: string) => path.join(tmp, name);

describe('media plans', () => {
  it('normalises to 1280x720 at a constant 25 fps with fast start, adding silence to a silent video', () => {
    const args = normaliseVideoArgs({ file: 'in.mov', hasAudio: false, durationSeconds: 4 }, 'out.mp4');
    expect(args.join(' ')).toContain('scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720');
    expect(args.join(' ')).toContain('fps=25');
    expect(args).toContain('anullsrc=r=48000:cl=stereo');
    expect(args.slice(args.indexOf('-movflags'), args.indexOf('-movflags') + 2)).toEqual(['-movflags', '+faststart']);
    expect(args.at(-1)).toBe('out.mp4');
    expect(normaliseVideoArgs({ file: 'in.mp4', hasAudio: true, durationSeconds: 4 }, 'o.mp4')).not.toContain(
      'anullsrc=r=48000:cl=stereo',
    );
  });

  it('joins parts by stream copy and quotes their paths for the concat demuxer', () => {
    expect(concatList(["/a/it's.mp4", '/b/v.mp4'])).toBe("file '/a/it'\\''s.mp4'\nfile '/b/v.mp4'\n");
    const args = concatArgs('list.txt', 'out.mp4');
    expect(args.slice(args.indexOf('-c'), args.indexOf('-c') + 2)).toEqual(['-c', 'copy']);
  });

  it('lays the audio under the video looped to its length, copying the picture', () => {
    const args = underlayAudioArgs({ video: 'v.mp4', audio: 'a.m4a' }, 'out.mp4');
    expect(args.slice(args.indexOf('-stream_loop'), args.indexOf('-stream_loop') + 2)).toEqual(['-stream_loop', '-1']);
    // The mix ends with its first input, the video's own sound: the loop is cut at the video's length.
    expect(args.join(' ')).toContain('[own][ducked]amix=inputs=2:duration=first');
    expect(args.join(' ')).toContain('sidechaincompress');
    expect(args.slice(args.indexOf('-c:v'), args.indexOf('-c:v') + 2)).toEqual(['-c:v', 'copy']);
  });

  it('starts the tool under address-space and CPU limits, to die with the process that started it', () => {
    const cmd = { tool: 'ffmpeg' as const, args: ['-i', 'x'], timeoutMs: 1000, memoryBytes: 256 * 1024 ** 2 };
    const cpu = cpuSecondsOf(cmd);
    expect(cpuSecondsOf(cmd, 2)).toBe(7);
    expect(limitedInvocation(cmd, '/usr/bin/ffmpeg', { prlimit: true, setpriv: true })).toEqual({
      file: '/usr/bin/setpriv',
      args: [
        '--pdeathsig',
        'KILL',
        '--',
        '/usr/bin/prlimit',
        `--as=${256 * 1024 ** 2}`,
        `--cpu=${cpu}`,
        '--',
        '/usr/bin/ffmpeg',
        '-i',
        'x',
      ],
    });
    expect(limitedInvocation(cmd, '/usr/bin/ffmpeg', { prlimit: false, setpriv: false }).args[1]).toBe(
      `ulimit -v 262144 -t ${cpu} && exec "$0" "$@"`,
    );
  });
});

describe('media limits', () => {
  const info = (width: number, height: number) => ({
    container: 'mov,mp4',
    durationSeconds: 10,
    video: { codec: 'h264', width, height },
    audio: null,
  });

  it('reads frames and the time they span from the packets, not from the header', () => {
    expect(parsePackets('0.000000,36000.000000\n36000.000000,36000.000000\n')).toEqual({ packets: 2, seconds: 72000 });
    expect(parsePackets('N/A,N/A\n')).toBeNull();
  });

  it('refuses long, sparse, huge and fast content, and bounds a transcode by its length', () => {
    expect(exceededLimit('video', info(320, 240), { packets: 250, seconds: 10 })).toBeNull();
    expect(exceededLimit('video', info(320, 240), { packets: 2, seconds: 72000 })).toBe('seconds');
    expect(exceededLimit('video', info(320, 240), { packets: 2, seconds: 600 })).toBe('framesPerSecond');
    expect(exceededLimit('video', info(8192, 8192), { packets: 250, seconds: 10 })).toBe('framePixels');
    expect(exceededLimit('video', info(3840, 2160), { packets: 2400, seconds: 10 })).toBe('pixelsPerSecond');
    expect(exceededLimit('video', info(64, 64), { packets: 200_000, seconds: 800 })).toBe('frames');
    expect(exceededLimit('audio', { ...info(0, 0), video: null }, { packets: 30_000, seconds: 901 })).toBe('seconds');
    expect(exceededLimit('video', info(320, 240), null)).toBe('frames');
    expect(transcodeTimeoutMs(10)).toBe(220_000);
    expect(transcodeTimeoutMs(72_000)).toBe(30 * 60_000);
  });

  it("measures issue 30's 1.6 KB sparse video as 2 frames over 20 hours, in seconds", async () => {
    const sparse = await makeSparseVideo(at('sparse.mp4'));
    expect(fs.statSync(sparse).size).toBeLessThan(4096);
    const started = Date.now();
    const measured = await measureStream(sparse, 'video');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(measured).toEqual({ packets: 2, seconds: 72000 });
    expect(exceededLimit('video', (await probeMedia(sparse))!, measured)).toBe('seconds');
    const real = await makeVideo(at('real.mp4'), { seconds: 2, fps: 25 });
    expect(await measureStream(real, 'video')).toEqual({ packets: 50, seconds: 2 });
  });
});

describe('probing and running', () => {
  it('recognises media by content, whatever the file is called', async () => {
    const mp4 = await makeVideo(at('clip.bin'), { seconds: 1, audio: true });
    const mov = await makeVideo(at('clip2.bin'), { seconds: 1, container: 'mov' });
    const mp3 = await makeAudio(at('a.mp4'), { seconds: 1, format: 'mp3' });
    const ogg = await makeAudio(at('b.mp4'), { seconds: 1, format: 'ogg' });
    const wav = await makeAudio(at('c.mp3'), { seconds: 1, format: 'wav' });
    const jpeg = await makeJpeg(at('d.mp4'));
    const info = (await probeMedia(mp4))!;
    expect(info.video).toEqual({ codec: 'h264', width: 320, height: 240 });
    expect(info.durationSeconds).toBeCloseTo(1, 0);
    expect(acceptsAs('video', info)).toBe(true);
    expect(acceptsAs('video', (await probeMedia(mov))!)).toBe(true);
    expect(acceptsAs('audio', (await probeMedia(mp3))!)).toBe(true);
    expect(acceptsAs('audio', (await probeMedia(ogg))!)).toBe(true);
    // A WAV is taken as audio (the upload converts it to MP3), never as a video.
    expect(acceptsAs('audio', (await probeMedia(wav))!)).toBe(true);
    expect(acceptsAs('video', (await probeMedia(wav))!)).toBe(false);
    const still = await probeMedia(jpeg);
    expect(still === null || !acceptsAs('video', still)).toBe(true);
    expect(acceptsAs('audio', (await probeMedia(mp4))!)).toBe(false);
    fs.writeFileSync(at('junk.mp4'), Buffer.alloc(4096, 7));
    expect(await probeMedia(at('junk.mp4'))).toBeNull();
  });

  it('kills a command that outlives its time limit', async () => {
    const endless = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=64x64:rate=25',
      '-f',
      'null',
      '-',
    ];
    const started = Date.now();
    const err = await runMedia({ tool: 'ffmpeg', args: endless, timeoutMs: 500, memoryBytes: 1024 ** 3 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MediaCommandError);
    expect((err as MediaCommandError).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('fails a command that needs more memory than it is given', async () => {
    const err = await runMedia({
      tool: 'ffmpeg',
      args: [
        '-hide_banner',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=1920x1080:duration=1',
        '-c:v',
        'libx264',
        '-f',
        'null',
        '-',
      ],
      timeoutMs: 20_000,
      memoryBytes: 16 * 1024 ** 2,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaCommandError);
    expect((err as MediaCommandError).reason).toBe('exit');
  });
});
