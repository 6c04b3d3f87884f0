import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { mediaBinaries } from './media-binaries';

/** Janus's recording converter (Debian package janus-tools): .mjr files of a recorded call to WebM/Opus. */
export const JANUS_PP_REC = '/usr/bin/janus-pp-rec';

/** One ffmpeg, ffprobe or janus-pp-rec invocation: which tool, its arguments, and the limits it runs under. */
export interface MediaCommand {
  tool: 'ffmpeg' | 'ffprobe' | 'janus-pp-rec';
  args: string[];
  /** Wall-clock limit; the process group is killed past it. */
  timeoutMs: number;
  /** Address-space limit of the child (RLIMIT_AS). */
  memoryBytes: number;
}

export interface MediaResult {
  stdout: string;
  /** The end of stderr, for error messages. */
  stderrTail: string;
  wallMs: number;
}

export class MediaCommandError extends Error {
  constructor(
    message: string,
    readonly reason: 'exit' | 'timeout' | 'spawn',
    readonly stderrTail: string,
  ) {
    super(message);
  }
}

const STDOUT_CAP = 4 * 1024 * 1024;
const STDERR_TAIL = 4096;
const PRLIMIT = '/usr/bin/prlimit';
const SETPRIV = '/usr/bin/setpriv';
const hasPrlimit = fs.existsSync(PRLIMIT);
const hasSetpriv = fs.existsSync(SETPRIV);

/**
 * CPU seconds a command may use: its wall-clock limit on every core, and a little. RLIMIT_CPU is kept
 * by the process itself, so an ffmpeg that outlives the server (whose timer held the wall-clock limit)
 * still ends by it.
 */
export const cpuSecondsOf = (cmd: Pick<MediaCommand, 'timeoutMs'>, cores = os.availableParallelism()): number =>
  Math.ceil(cmd.timeoutMs / 1000) * cores + 5;

/**
 * The program and argument list that start `cmd` under its limits: address space and CPU time (prlimit,
 * else the shell's ulimit), and killed as soon as the process that started it dies, SIGKILL included
 * (setpriv --pdeathsig: the parent-death signal survives prlimit's and ffmpeg's exec).
 */
export function limitedInvocation(
  cmd: MediaCommand,
  bin: string,
  tools = { prlimit: hasPrlimit, setpriv: hasSetpriv },
): { file: string; args: string[] } {
  const cpu = cpuSecondsOf(cmd);
  const limited = tools.prlimit
    ? { file: PRLIMIT, args: [`--as=${cmd.memoryBytes}`, `--cpu=${cpu}`, '--', bin, ...cmd.args] }
    : {
        file: '/bin/sh',
        args: ['-c', `ulimit -v ${Math.floor(cmd.memoryBytes / 1024)} -t ${cpu} && exec "$0" "$@"`, bin, ...cmd.args],
      };
  if (!tools.setpriv) return limited;
  return { file: SETPRIV, args: ['--pdeathsig', 'KILL', '--', limited.file, ...limited.args] };
}

/**
 * Runs a media command in a child process of its own group, under its time, CPU and memory limits, dying
 * with this process. Uploaded media is hostile input: whatever the file does to the decoder
 * stays in that process. Resolves with stdout, rejects with MediaCommandError.
 */
export function runMedia(cmd: MediaCommand, opts: { signal?: AbortSignal } = {}): Promise<MediaResult> {
  const bin = cmd.tool === 'janus-pp-rec' ? JANUS_PP_REC : mediaBinaries()[cmd.tool];
  const { file, args } = limitedInvocation(cmd, bin);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let killedFor: 'timeout' | null = null;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      killedFor = 'timeout';
      kill();
    }, cmd.timeoutMs);
    const onAbort = () => kill();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < STDOUT_CAP) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-STDERR_TAIL);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new MediaCommandError(`${cmd.tool} could not start: ${err.message}`, 'spawn', ''));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      const wallMs = performance.now() - started;
      if (killedFor)
        reject(new MediaCommandError(`${cmd.tool} took longer than ${cmd.timeoutMs} ms`, 'timeout', stderr));
      else if (code !== 0)
        reject(
          new MediaCommandError(
            `${cmd.tool} failed (${signal ?? `exit ${code}`}): ${stderr.trim().split('\n').pop() ?? ''}`,
            'exit',
            stderr,
          ),
        );
      else resolve({ stdout, stderrTail: stderr, wallMs });
    });
  });
}
