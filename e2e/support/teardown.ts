import fs from 'node:fs';

/** Removes the temporary DATA_DIR once the server has stopped. */
export default function teardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('forecourt-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
