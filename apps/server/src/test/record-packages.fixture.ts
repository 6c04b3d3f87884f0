// Runs the server (main.ts, with the arguments given) while recording, in the file RECORD_PACKAGES_TO,
// every file the process loads from node_modules through an import: what the process holds in memory.
import { register } from 'node:module';

const hooks = `
import fs from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (resolved.url.includes('/node_modules/')) fs.appendFileSync(file, resolved.url + '\\n');
  return resolved;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, { data: { file: process.env.RECORD_PACKAGES_TO } });
await import('../main');
