// What runs under a process, read from /proc (Linux): the faults bench looks for the ffmpeg and ffprobe
// children of a server process it is about to kill, and afterwards for any of them still running; the
// benches read the CPU time a server or a worker process took.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds the process has used so far (user + system, /proc/PID/stat); null once it is gone. */
export function cpuSecondsOf(pid: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (in parentheses, which may hold spaces): utime and stime are the 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks;
}

export interface ProcEntry {
  pid: number;
  ppid: number;
  /** The program's name (/proc/PID/comm): `ffmpeg`, `ffprobe`, `setpriv`, `node`... */
  comm: string;
}

/** Every process now running, with its parent and name; those that end while read are left out. */
export function processes(): ProcEntry[] {
  const found: ProcEntry[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": the name may hold spaces and parentheses, so it is cut at the last ')'.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      found.push({ pid: Number(entry), ppid, comm });
    } catch {
      // Ended meanwhile.
    }
  }
  return found;
}

/** The processes below `root` (children, their children...), not `root` itself. */
export function descendantsOf(root: number, all = processes()): ProcEntry[] {
  const inTree = new Set([root]);
  const out: ProcEntry[] = [];
  for (let grown = true; grown;) {
    grown = false;
    for (const p of all) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        out.push(p);
        grown = true;
      }
    }
  }
  return out;
}

/**
 * Whether this process still runs under one of these names (a pid taken again by another program does not
 * count; a media child's name changes as setpriv and prlimit exec ffmpeg).
 */
export function stillRunning(pid: number, names: readonly string[]): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // A zombie has finished: only its parent's wait is missing.
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return names.includes(comm) && state !== 'Z';
  } catch {
    return false;
  }
}

/** Processes whose command line names one of these strings (a work folder of a given pid, say). */
export function processesNaming(needles: string[]): ProcEntry[] {
  if (!needles.length) return [];
  return processes().filter((p) => {
    try {
      const cmdline = fs.readFileSync(`/proc/${p.pid}/cmdline`, 'utf8');
      return needles.some((n) => cmdline.includes(n));
    } catch {
      return false;
    }
  });
}
