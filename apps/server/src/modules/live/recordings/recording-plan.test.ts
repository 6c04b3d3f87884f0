import { describe, expect, it } from 'vitest';
import { composeArgs, gridOf, parseMjrHeader } from './recording-plan';

describe('the composition of a recorded call', () => {
  it('reads a track kind and its first packet time from the .mjr header', () => {
    expect(parseMjrHeader('{"t":"v","c":"vp8","s":100,"u":250}')).toEqual({
      kind: 'video',
      codec: 'vp8',
      startedUs: 250,
    });
    expect(parseMjrHeader('{"t":"a","c":"opus","s":100}')).toEqual({ kind: 'audio', codec: 'opus', startedUs: 100 });
    expect(parseMjrHeader('{"t":"d","c":"text","s":100,"u":100}')).toBeNull();
    expect(parseMjrHeader('not json')).toBeNull();
  });

  it('lays the cameras out as a grid as square as it gets', () => {
    expect([1, 2, 3, 4, 5, 7].map(gridOf)).toEqual([
      { cols: 1, rows: 1 },
      { cols: 2, rows: 1 },
      { cols: 2, rows: 2 },
      { cols: 2, rows: 2 },
      { cols: 3, rows: 2 },
      { cols: 3, rows: 3 },
    ]);
  });

  it('places every track at its start after the first one, mixes the audio and cuts to the recorded duration', () => {
    const args = composeArgs(
      [
        { file: 'a.webm', kind: 'video', startedUs: 5_000_000 },
        { file: 'a.opus', kind: 'audio', startedUs: 5_020_000 },
        { file: 'b.webm', kind: 'video', startedUs: 6_500_000 },
        { file: 'b.opus', kind: 'audio', startedUs: 6_500_000 },
      ],
      4_250,
      'out.mp4',
    );
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(args.filter((a, i) => args[i - 1] === '-i')).toEqual(['a.webm', 'a.opus', 'b.webm', 'b.opus']);
    expect(graph).toContain('color=c=black:s=1280x720:r=24:d=4.250[base]');
    // Two cameras side by side, the second 1.5 s later.
    expect(graph).toContain('[0:v]setpts=PTS-STARTPTS+0.000/TB');
    expect(graph).toContain('[2:v]setpts=PTS-STARTPTS+1.500/TB');
    expect(graph).toContain('[base][v0]overlay=0:0:eof_action=pass[o0]');
    expect(graph).toContain('[o0][v1]overlay=640:0:eof_action=pass[o1]');
    expect(graph).toContain('[1:a]aresample=48000,asetpts=PTS-STARTPTS,adelay=20:all=1[a0]');
    expect(graph).toContain('[3:a]aresample=48000,asetpts=PTS-STARTPTS,adelay=1500:all=1[a1]');
    expect(graph).toContain('[a0][a1]amix=inputs=2:duration=longest:dropout_transition=0,apad[aout]');
    expect(args.slice(-4)).toEqual(['4.250', '-movflags', '+faststart', 'out.mp4']);
    expect(args).toEqual(expect.arrayContaining(['libx264', 'aac', 'yuv420p']));
  });

  it('gives a call without sound a silent track', () => {
    const graph = composeArgs([{ file: 'a.webm', kind: 'video', startedUs: 1 }], 1000, 'o.mp4').join(' ');
    expect(graph).toContain('anullsrc=r=48000:cl=stereo,atrim=0:1.000[aout]');
  });
});
