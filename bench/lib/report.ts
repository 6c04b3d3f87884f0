import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One figure line, as JSON, on stdout. */
export function emit(figures: Record<string, unknown>): void {
  console.log(JSON.stringify(figures));
}

export const machine = (): string =>
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}`;

/**
 * Appends one row to docs/BENCHMARKS.md under the benchmark's own heading: date, machine, the figures
 * and whether the goal was met. Not with `--no-record` (a short check).
 */
export function recordRow(benchmark: string, figures: string, goalMet: boolean | null): void {
  // A short check's figures (--no-record) are printed, not recorded.
  if (process.argv.includes('--no-record')) return;
  const file = path.join(root, 'docs/BENCHMARKS.md');
  const heading = `## ${benchmark}`;
  let text = fs.existsSync(file)
    ? fs.readFileSync(file, 'utf8')
    : '# Benchmarks\n\nRows are appended by `npm run bench -- NAME`.\n';
  const row = `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC | ${machine()} | ${figures} | ${goalMet === null ? '—' : goalMet ? 'yes' : 'no'} |`;
  if (!text.includes(heading)) {
    text += `\n${heading}\n\n| date | machine | figures | goal met |\n|---|---|---|---|\n`;
  }
  const start = text.indexOf(heading);
  const next = text.indexOf('\n## ', start + heading.length);
  const end = next === -1 ? text.length : next;
  const section = text.slice(start, end).replace(/\n*$/, '\n');
  text = text.slice(0, start) + section + row + '\n' + text.slice(end).replace(/^\n*/, next === -1 ? '' : '\n');
  fs.writeFileSync(file, text);
}
