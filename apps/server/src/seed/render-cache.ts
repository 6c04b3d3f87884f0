import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A rendered file and the hash of everything that went into it (not of its bytes). */
export interface Rendered {
  hash: string;
  bytes: Buffer;
}

export const hashOf = (...parts: (string | Buffer)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex');
};

/**
 * Content-addressed renders: each is made once per run, and with a folder, once per machine. Keys hash
 * every input (the SVG text, the source renders' keys, a fingerprint of the primitives), so a change to
 * any of them makes a new key rather than reusing a stale file. Files are written under a temporary name
 * and renamed, so concurrent seeds (tests and a server) never read half a file.
 */
export class RenderCache {
  private readonly inRun = new Map<string, Promise<Rendered>>();

  constructor(private readonly dir: string | null) {}

  get(hash: string, make: () => Promise<Buffer>): Promise<Rendered> {
    let hit = this.inRun.get(hash);
    if (!hit) {
      hit = this.load(hash, make).then((bytes) => ({ hash, bytes }));
      this.inRun.set(hash, hit);
    }
    return hit;
  }

  private async load(hash: string, make: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.dir) return make();
    const file = path.join(this.dir, hash.slice(0, 2), hash);
    const cached = await fs.readFile(file).catch(() => null);
    if (cached) return cached;
    const bytes = await make();
    // A cache that cannot be written only costs speed.
    await fs
      .mkdir(path.dirname(file), { recursive: true })
      .then(async () => {
        const tmp = `${file}.${randomUUID()}.tmp`;
        await fs.writeFile(tmp, bytes);
        await fs.rename(tmp, file);
      })
      .catch(() => undefined);
    return bytes;
  }
}

/** Shared by every seed on the machine; the OS may clear it, which only costs a re-render. */
export const MACHINE_RENDER_CACHE = path.join(os.tmpdir(), 'forecourt-demo-seed-cache');
