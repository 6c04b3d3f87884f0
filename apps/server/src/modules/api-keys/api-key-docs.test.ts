import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { jpegPhoto, makeGroupStamp } from '../images/images.fixtures';

/**
 * The curl examples of /api/docs, pasted into bash as a person would, with real curl against a listening server:
 * each must succeed (curl's --fail-with-body turns an HTTP error into a failed step).
 */
describe('the API key guide’s curl examples', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  let app: App;
  let dir: string;
  let blocks: string[];
  const env: Record<string, string> = {};

  beforeAll(async () => {
    adapters = await createTestAdapters({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
    await seedAccounts(adapters);
    const stampId = await makeGroupStamp(adapters, { groupId: 'grp-demo', name: 'Docs', format: '4/3' });
    app = await buildApp(adapters);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const created = await app.inject({
      method: 'POST',
      url: '/api/settings/groups/grp-demo/api-keys',
      headers: await authHeaders(adapters, 'manager@demo.forecourt.test'),
      payload: {
        label: 'Docs',
        scopes: ['shootings:read', 'shootings:write', 'webhooks:manage', 'engagement:read'],
      },
    });
    const me = await app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${created.json<{ key: string }>().key}` },
    });
    const guide = (await app.inject({ url: '/api/docs' })).json<{ info: { description: string } }>().info.description;
    blocks = [...guide.matchAll(/```sh\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-docs-'));
    // uuidgen as macOS prints it (capitals); the examples must lowercase it.
    fs.writeFileSync(
      path.join(dir, 'uuidgen'),
      '#!/bin/sh\nnode -e "console.log(crypto.randomUUID().toUpperCase())"\n',
      {
        mode: 0o755,
      },
    );
    fs.writeFileSync(path.join(dir, 'car.jpg'), await jpegPhoto(800, 600));
    Object.assign(env, {
      BASE: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      KEY: created.json<{ key: string }>().key,
      ME: me.json<{ id: string }>().id,
      GROUP: me.json<{ groupId: string }>().groupId,
      OWNER: 'own-demo-paris',
      STAMP: stampId,
      FORMAT: '4/3',
      PROFILE: 'autotrader-uk',
    });
  });
  afterAll(async () => {
    await app?.close();
    await adapters?.cleanup();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs one example block in bash (not blocking: the server answers in this process); answers what curl printed. */
  const run = async (block: string): Promise<string> =>
    (
      await promisify(execFile)(
        'bash',
        ['-euo', 'pipefail', '-c', `curl() { command curl -sS --fail-with-body "$@"; }\n${block}`],
        { cwd: dir, env: { ...process.env, ...env, PATH: `${dir}:${process.env.PATH}` }, encoding: 'utf8' },
      )
    ).stdout;
  const example = (text: string) => {
    const found = blocks.find((b) => b.includes(text));
    expect(found, text).toBeDefined();
    return found!;
  };

  it('each parses as a shell command', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    for (const block of blocks) execFileSync('bash', ['-n', '-c', block]);
  });

  it('creates a shooting step by step, then fetches its marketplace zip, as pasted', async () => {
    env.PRODUCT = JSON.parse(await run(example('/api/products/virtuals'))).id;
    const upload = JSON.parse(await run(example('/generate_presigned_urls'))).images[0];
    env.UPLOAD = upload.presignedUrl.startsWith('/') ? `${env.BASE}${upload.presignedUrl}` : upload.presignedUrl;
    env.URL = upload.url;
    await run(example('--data-binary @car.jpg'));
    env.SHOOTING = JSON.parse((await run(example('/workflows/PHOTO/done'))).split('\n')[0]!).id;
    expect(env.SHOOTING).toMatch(/^[0-9a-f-]{36}$/);
    await run(example('/export?format=zip'));
    expect(fs.readFileSync(path.join(dir, 'pictures.zip')).subarray(0, 2).toString()).toBe('PK');
  });

  it('lists shootings, reads engagement and adds a webhook endpoint, as pasted', async () => {
    expect(JSON.parse(await run(example('/api/shootings?'))).items).toBeInstanceOf(Array);
    expect(JSON.parse(await run(example('/statistics?'))).totals).toBeDefined();
    expect(JSON.parse(await run(example('/webhooks"'))).secret).toMatch(/^whsec_/);
  });
});
