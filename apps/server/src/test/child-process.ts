import { spawn, type ChildProcess } from 'node:child_process';

export interface TsProcess {
  child: ChildProcess;
  /** Every line printed so far, stdout and stderr together. */
  output: string[];
  stderr: string[];
  /** Resolves with the first line matching pattern, as soon as it is printed. */
  printed(pattern: RegExp): Promise<string>;
  /** The exit code, or null when killed by a signal. */
  exited: Promise<number | null>;
}

/** Runs a TypeScript entry point with tsx in a child process, as the server or a worker would run. */
export function spawnTs(file: string, args: string[], env: Record<string, string | undefined>): TsProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const stderr: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const collect = (into: string[]) => (chunk: Buffer) => {
    const lines = chunk.toString().split('\n').filter(Boolean);
    into.push(...lines);
    if (into !== output) output.push(...lines);
    for (const w of waiters) {
      const line = lines.find((l) => w.pattern.test(l));
      if (line) w.resolve(line);
    }
  };
  child.stdout.on('data', collect(output));
  child.stderr.on('data', collect(stderr));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output,
    stderr,
    exited,
    printed: (pattern) =>
      new Promise((resolve, reject) => {
        const seen = output.find((l) => pattern.test(l));
        if (seen) return resolve(seen);
        waiters.push({ pattern, resolve });
        void exited.then((code) =>
          reject(new Error(`process exited (${code}) before printing ${pattern}:\n${output.join('\n')}`)),
        );
      }),
  };
}
