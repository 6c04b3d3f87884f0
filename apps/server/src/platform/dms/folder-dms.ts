import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { dmsManifest, type DmsAdapter, type DmsVehicle } from './dms';

const safeSegment = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || '_';

/**
 * Writes DATA_DIR/dms-exports/<owner>/<registration>/: the images, then manifest.json last, each through
 * a temporary file renamed into place, so a reader never sees a half-written export.
 */
export class FolderDms implements DmsAdapter {
  readonly driver = 'folder' as const;
  constructor(private readonly root: string) {}

  folderOf(v: Pick<DmsVehicle, 'ownerId' | 'registration'>): string {
    return path.join(this.root, safeSegment(v.ownerId), safeSegment(v.registration));
  }

  async push(v: DmsVehicle): Promise<void> {
    const dir = this.folderOf(v);
    await fsp.mkdir(dir, { recursive: true });
    const keep = new Set(['manifest.json']);
    for (const image of v.images) {
      keep.add(image.fileName);
      const tmp = path.join(dir, `.${image.fileName}.tmp`);
      await pipeline(await image.open(), fs.createWriteStream(tmp));
      await fsp.rename(tmp, path.join(dir, image.fileName));
    }
    const manifest = JSON.stringify(
      dmsManifest(v, (i) => i.fileName),
      null,
      2,
    );
    await fsp.writeFile(path.join(dir, '.manifest.json.tmp'), manifest);
    await fsp.rename(path.join(dir, '.manifest.json.tmp'), path.join(dir, 'manifest.json'));
    // Images of an earlier push that are no longer final (e.g. after a restamp) must not linger.
    for (const name of await fsp.readdir(dir)) {
      if (!keep.has(name)) await fsp.rm(path.join(dir, name), { force: true });
    }
  }
}
