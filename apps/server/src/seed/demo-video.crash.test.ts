import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnTs } from '../test/child-process';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-video.crash-fixture.ts');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-clip-crash-'));
const orphans: number[] = [];
afterAll(() => {
  // An ffmpeg that outlived its process (the failure this test is about) is not left to run on.
  for (const pid of orphans) if (running(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

const running = (pid: number) => {
  try {
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
};
/** The ffmpeg children of a process (setpriv and prlimit exec it in place), read from /proc. */
const ffmpegUnder = (ppid: number): number[] =>
  fs.readdirSync('/proc').flatMap((entry) => {
    if (!/^\d+$/.test(entry)) return [];
    try {
      const [, name, rest] = /^\d+ \((.*)\) (.*)$/.exec(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').trim())!;
      const [state, parent] = rest!.split(' ');
      return name === 'ffmpeg' && Number(parent) === ppid && state !== 'Z' ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });

describe('the demo seed killed while it renders a clip', () => {
  it('takes its ffmpeg with it, and leaves its files in a work folder of its own pid', async () => {
    const p = spawnTs(fixture, [], { TMPDIR: tmp });
    await p.printed(/rendering/);
    const pid = p.child.pid!;
    let ffmpeg: number[] = [];
    for (let i = 0; i < 600 && !ffmpeg.length; i++) {
      ffmpeg = ffmpegUnder(pid);
      if (!ffmpeg.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(ffmpeg).toHaveLength(1);
    orphans.push(...ffmpeg);
    p.child.kill('SIGKILL');
    await p.exited;
    for (let i = 0; i < 60 && running(ffmpeg[0]!); i++) await new Promise((r) => setTimeout(r, 50));
    expect(running(ffmpeg[0]!)).toBe(false);
    // What it left is named by its process, so that the next start's sweep removes it (platform/work-folders.ts).
    expect(fs.readdirSync(tmp).filter((n) => n.startsWith('forecourt-'))).toEqual([
      expect.stringMatching(new RegExp(`^forecourt-media-${pid}-`)),
    ]);
  }, 60_000);
});
