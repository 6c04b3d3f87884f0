// A thread entry for thread-pool.test.ts: busy work, failures and crashes on demand.
import fs from 'node:fs';
import { threadId } from 'node:worker_threads';
import { serveThreadTasks } from './thread-tasks';

export type FixtureTask =
  | { kind: 'spin'; ms: number }
  | { kind: 'fail'; message: string }
  | { kind: 'crash' }
  | { kind: 'echo'; bytes: Uint8Array }
  | { kind: 'nice' };

serveThreadTasks((task: FixtureTask) => {
  if (task.kind === 'fail') throw new Error(task.message);
  if (task.kind === 'crash') process.exit(3);
  // The nice of this thread, as the kernel has it (field 19 of /proc/thread-self/stat).
  if (task.kind === 'nice')
    return { threadId, nice: Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]) };
  if (task.kind === 'echo') return { threadId, length: task.bytes.length, first: task.bytes[0] };
  // Synchronous on purpose: it would hold the event loop of whichever thread runs it.
  const until = Date.now() + task.ms;
  while (Date.now() < until);
  return { threadId };
});
