import fs from 'node:fs';

/**
 * Removes the temporary DATA_DIR once the server has stopped. Playwright runs the global teardown before
 * it stops the web server, which may still be writing there (a background job), so the folder goes when
 * the runner exits, after the server.
 */
export default function teardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('forecourt-e2e-'))
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}
