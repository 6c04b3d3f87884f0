// `npm run bench -- s3-client [--calls 400] [--bytes 100000]`: the S3 driver's CPU per call on the event
// loop, its own client (platform/blobs/s3-object-client.ts) against the AWS SDK it replaced for the hot
// calls, on the same s3rver in a process of its own (so its work is not counted). Each round is what
// registration and stamping do to one picture: PUT of `--bytes` bytes, HEAD, GET read whole, ranged GET of
// 64 KB, DELETE. Figures: this process's CPU µs per call (user + system) and the wall p50 per round.
// No goal of its own: it shows how much of issue 18's "AWS SDK share" the lean client removes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Objects } from '../apps/server/src/platform/blobs/s3-objects';
import { S3ObjectClient } from '../apps/server/src/platform/blobs/s3-object-client';
import { S3SdkClient } from '../apps/server/src/platform/blobs/s3-sdk-client';
import { bucketUrl, SigV4Signer } from '../apps/server/src/platform/blobs/sigv4-signer';
import { arg } from './lib/args';
import { emit, recordRow } from './lib/report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CALLS = Number(arg('calls') ?? 400);
const BYTES = Number(arg('bytes') ?? 100_000);
const BUCKET = 'forecourt-bench';
const CALLS_PER_ROUND = 5;

const s3 = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bench/lib/s3rver-process.ts'), BUCKET], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise<number>((resolve, reject) => {
  s3.stdout.once('data', (d: Buffer) => resolve((JSON.parse(d.toString()) as { port: number }).port));
  s3.once('exit', () => reject(new Error('the S3 server did not start')));
});
const opts = {
  bucket: BUCKET,
  region: 'us-east-1',
  endpoint: `http://127.0.0.1:${port}`,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
};
const url = bucketUrl(opts);
const clients: [string, S3Objects][] = [
  ['AWS SDK', new S3SdkClient(opts)],
  [
    'own client',
    new S3ObjectClient({
      signer: new SigV4Signer({
        bucketUrl: url,
        region: opts.region,
        accessKeyId: opts.accessKeyId,
        secretAccessKey: opts.secretAccessKey,
      }),
      bucketUrl: url,
      timeouts: { connectMs: 5000, idleMs: 60_000 },
    }),
  ],
];

const drain = async (obj: Awaited<ReturnType<S3Objects['get']>>) => {
  let n = 0;
  for await (const c of obj!.body) n += (c as Buffer).length;
  return n;
};

async function round(client: S3Objects, key: string, body: Buffer): Promise<void> {
  await client.put(key, body, 'image/jpeg');
  if ((await client.head(key))?.size !== body.length) throw new Error('HEAD disagrees with the PUT');
  if ((await drain(await client.get(key))) !== body.length) throw new Error('GET disagrees with the PUT');
  await drain(await client.get(key, { start: 0, end: Math.min(body.length, 65_536) - 1 }));
  await client.delete(key);
}

const lines: string[] = [];
try {
  const body = randomBytes(BYTES);
  const rounds = Math.max(1, Math.round(CALLS / CALLS_PER_ROUND));
  for (const [name, client] of clients) {
    for (let i = 0; i < 10; i++) await round(client, `warm/${i}.jpg`, body); // loads the SDK, opens connections
    const walls: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      await round(client, `bench/${i}.jpg`, body);
      walls.push(performance.now() - t);
    }
    const used = process.cpuUsage(cpu);
    const cpuUsPerCall = Math.round((used.user + used.system) / (rounds * CALLS_PER_ROUND));
    const p50 = walls.sort((a, b) => a - b)[Math.floor(walls.length / 2)]!;
    emit({
      benchmark: 's3-client',
      client: name,
      calls: rounds * CALLS_PER_ROUND,
      bytes: BYTES,
      cpuUsPerCall,
      roundP50Ms: Number(p50.toFixed(1)),
    });
    lines.push(`${name}: ${cpuUsPerCall} µs CPU a call, round p50 ${p50.toFixed(1)} ms`);
    client.destroy();
  }
  console.error(lines.join('; '));
  recordRow(
    's3-client',
    `${rounds * CALLS_PER_ROUND} calls each (PUT ${BYTES} B, HEAD, GET, ranged GET 64 KB, DELETE), s3rver in its own process — ${lines.join('; ')} — 1-min load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    null,
  );
} finally {
  s3.kill('SIGTERM');
}
