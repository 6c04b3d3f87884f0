// `npm run bench -- media [--upload-mb 2048] [--vehicle-seconds 60]`:
// Short checks: `--part upload|assembly`, `--upload-mb 200`, `--vehicle-seconds 10`, `--no-record` (no row in BENCHMARKS.md),
// `--chunk-mb 64`, `--runs 3` (assembly), `--cpu-prof FILE` (the API during the whole upload).
// (a) a 2 GB upload through the real tus route on loopback (the API listening on 127.0.0.1, a client in
//     a process of its own): throughput, and the API process's RSS growth while it receives; then the
//     same upload cut at 50% and resumed: the bytes sent again.
// (b) assembly of a 60 s 1280x720 vehicle video with a 10 s intro, a 10 s outro and an audio track, all
//     three variants as the media.assemble job makes them, against bare ffmpeg doing the same work
//     (concat demuxer, two audio underlays) on the same house-format files in the same run.
// Goal: upload at least 200 MB/s with RSS growth under 100 MB; the variants in under 10 s and at most
// 1.1x bare ffmpeg.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { assembleShooting, ensureHouse, ensureVehicleHouse } from '../apps/server/src/modules/media/assembly.service';
import { makeShooting } from '../apps/server/src/modules/shootings/shootings.fixtures';
import { createAdapters } from '../apps/server/src/platform/adapters';
import { mediaBinaries } from '../apps/server/src/platform/media/media-binaries';
import { probeMedia } from '../apps/server/src/platform/media/media-probe';
import { concatArgs, concatList, underlayAudioArgs } from '../apps/server/src/platform/media/media-plans';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts';
import { authHeaders } from '../apps/server/src/test/auth-helpers';
import { emit, recordRow } from './lib/report';
import { arg } from './lib/args';

const PART = arg('part') ?? 'all';
const UPLOAD_BYTES = Number(arg('upload-mb') ?? 2048) * 1024 * 1024;
const VEHICLE_SECONDS = Number(arg('vehicle-seconds') ?? 60);
const RUNS = Number(arg('runs') ?? 3);
// The web client's PATCH size (use-media-upload.ts).
const CHUNK = Number(arg('chunk-mb') ?? 64) * 1024 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
const round = (n: number, d = 1) => Number(n.toFixed(d));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-bench-media-'));
const ffmpegBin = mediaBinaries().ffmpeg;
/** A plan's argument list as it is (they carry their own quiet flags). */
const ffPlan = (args: string[]) => {
  const r = spawnSync(ffmpegBin, args);
  if (r.status !== 0) throw new Error(r.stderr.toString());
};
const ff = (args: string[]) => ffPlan(['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args]);

/** A real MP4 at the head of the file, padded to `bytes` (what a long camera file weighs). */
function bigUpload(bytes: number): string {
  const head = path.join(tmp, 'head.mp4');
  ff([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=1280x720:r=25:d=5',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-movflags',
    '+faststart',
    head,
  ]);
  const file = path.join(tmp, 'big.mp4');
  fs.copyFileSync(head, file);
  const block = Buffer.alloc(8 * 1024 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
  const fd = fs.openSync(file, 'a');
  for (let left = bytes - fs.statSync(head).size; left > 0; left -= block.length)
    fs.writeSync(fd, block, 0, Math.min(left, block.length));
  fs.closeSync(fd);
  return file;
}

async function uploadBench() {
  const adapters = await createAdapters(
    loadConfig({
      DATA_DIR: path.join(tmp, 'data'),
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      PUBLIC_URL: 'http://127.0.0.1:8080',
    }),
  );
  await seedAccounts(adapters);
  const app = await buildApp(adapters);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const headers = await authHeaders(adapters, 'manager@demo.forecourt.test');
  const file = bigUpload(UPLOAD_BYTES);
  const run = async (name: string, cutAt: number | null) => {
    const grant = await app.inject({
      method: 'POST',
      url: '/api/media/generate_presigned_urls',
      headers,
      payload: {
        groupId: 'grp-demo',
        slot: 'introduction',
        fileName: `${name}.mp4`,
        size: UPLOAD_BYTES,
        contentType: 'video/mp4',
      },
    });
    const url = `http://127.0.0.1:${port}${grant.json<{ presignedUrl: string }>().presignedUrl}`;
    global.gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
    const cpuBefore = process.cpuUsage();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, 'lib/tus-client.ts'),
        url,
        file,
        JSON.stringify(headers),
        String(CHUNK),
        ...(cutAt === null ? [] : [String(cutAt)]),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((r) => child.on('close', r));
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpuBefore);
    const result = JSON.parse(out.trim().split('\n').pop()!) as {
      seconds: number;
      sentTotal: number;
      resent: number;
      error?: string;
    };
    if (result.error) throw new Error(result.error);
    // The API's CPU per GB received: a figure a loaded machine disturbs less than the wall time.
    return {
      ...result,
      rssGrowthMb: (peak - before) / 1024 ** 2,
      serverCpuSecondsPerGb: (cpu.user + cpu.system) / 1e6 / (UPLOAD_BYTES / 1024 ** 3),
    };
  };
  // `--cpu-prof FILE`: the API's CPU profile over the whole upload only (not the setup).
  const profileTo = arg('cpu-prof');
  const session = profileTo ? new Session() : null;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const whole = await run('whole', null);
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(profileTo!, JSON.stringify(profile));
    session.disconnect();
  }
  const cut = await run('cut', Math.floor(UPLOAD_BYTES / 2));
  await app.close();
  await adapters.close();
  fs.rmSync(file, { force: true });
  return {
    uploadMb: UPLOAD_BYTES / 1024 ** 2,
    mbPerSecond: round(UPLOAD_BYTES / 1024 ** 2 / whole.seconds),
    rssGrowthMb: round(Math.max(whole.rssGrowthMb, cut.rssGrowthMb)),
    resentAfterCutMb: round(cut.resent / 1024 ** 2, 2),
    chunkMb: CHUNK / 1024 ** 2,
    serverCpuSecondsPerGb: round(whole.serverCpuSecondsPerGb, 2),
  };
}

async function assemblyBench() {
  const adapters = await createAdapters(
    loadConfig({
      DATA_DIR: path.join(tmp, 'data-assembly'),
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      PUBLIC_URL: 'http://127.0.0.1:8080',
    }),
  );
  await seedAccounts(adapters);
  const src = (name: string) => path.join(tmp, name);
  const video = (name: string, seconds: number, colour: string) =>
    ff([
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=1280x720:r=25:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=f=440:d=${seconds}`,
      '-vf',
      `drawbox=c=${colour}@0.4:t=fill:w=iw/3:h=ih/3`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      src(name),
    ]);
  video('vehicle.mp4', VEHICLE_SECONDS, 'blue');
  video('intro.mp4', 10, 'red');
  video('outro.mp4', 10, 'green');
  ff(['-f', 'lavfi', '-i', 'sine=f=220:d=45', '-c:a', 'libmp3lame', src('music.mp3')]);

  const now = new Date().toISOString();
  const put = async (key: string, file: string, type: string) => adapters.blobs.put(key, fs.readFileSync(file), type);
  await adapters.db
    .insertInto('video_configurations')
    .values({ id: 'bench-config', group_id: 'grp-demo', updated_at: now })
    .execute();
  await put('media/grp-demo/introduction/bench-i/original.mp4', src('intro.mp4'), 'video/mp4');
  await put('media/grp-demo/conclusion/bench-c/original.mp4', src('outro.mp4'), 'video/mp4');
  await put('media/grp-demo/audio/bench-a/original.mp3', src('music.mp3'), 'audio/mpeg');
  await adapters.db
    .updateTable('video_configurations')
    .set({
      introduction_key: 'media/grp-demo/introduction/bench-i/original.mp4',
      introduction_upload: 'bench-i',
      conclusion_key: 'media/grp-demo/conclusion/bench-c/original.mp4',
      conclusion_upload: 'bench-c',
      audio_key: 'media/grp-demo/audio/bench-a/original.mp3',
      audio_upload: 'bench-a',
      version: 1,
    })
    .execute();
  const { shootingId } = await makeShooting(adapters, { ownerId: 'own-demo-paris', type: 'VIDEO' });
  const vehicleKey = `videos/${shootingId}/uploads/bench-v/original.mp4`;
  await put(vehicleKey, src('vehicle.mp4'), 'video/mp4');
  await adapters.db
    .insertInto('videos')
    .values({
      id: 'bench-video',
      shooting_id: shootingId,
      video_type: 'ORIGINAL',
      streamer: 'STAMPYT',
      url: null,
      reference: 'bench-video',
      blob_key: vehicleKey,
      created_at: now,
      config_version: null,
      poster_key: null,
    })
    .execute();
  // What happens when the files arrive, not timed: their house-format copies.
  const house = {
    vehicle: (await ensureVehicleHouse(adapters, vehicleKey)).house,
    intro: await ensureHouse(adapters, 'media/grp-demo/introduction/bench-i/original.mp4', 'video'),
    outro: await ensureHouse(adapters, 'media/grp-demo/conclusion/bench-c/original.mp4', 'video'),
    audio: await ensureHouse(adapters, 'media/grp-demo/audio/bench-a/original.mp3', 'audio'),
  };

  // Bare ffmpeg on the same house files, on local disk: the same commands, the same three outputs.
  const local = Object.fromEntries(
    await Promise.all(
      Object.entries(house).map(async ([k, key]) => {
        const f = path.join(tmp, `bare-${k}${key.endsWith('.m4a') ? '.m4a' : '.mp4'}`);
        fs.writeFileSync(f, (await adapters.blobs.getBuffer(key))!);
        return [k, f] as const;
      }),
    ),
  ) as Record<keyof typeof house, string>;
  const list = path.join(tmp, 'bare-list.txt');
  fs.writeFileSync(list, concatList([local.intro, local.vehicle, local.outro]));
  const bare = {
    CONCAT: path.join(tmp, 'bare-concat.mp4'),
    ORIGINAL_AUDIO: path.join(tmp, 'bare-oa.mp4'),
    CONCAT_AUDIO: path.join(tmp, 'bare-ca.mp4'),
  };

  // Job and bare ffmpeg alternate, RUNS times each, and the medians are compared: on a shared machine
  // a burst of load then weighs on both alike. Each job run is a new configuration version.
  const jobRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let version = 1; version <= RUNS; version++) {
    await adapters.db.updateTable('video_configurations').set({ version }).where('id', '=', 'bench-config').execute();
    const t0 = performance.now();
    const outcome = await assembleShooting(adapters, { shootingId, version });
    jobRuns.push((performance.now() - t0) / 1000);
    if (outcome !== 'assembled') throw new Error(`assembly answered ${outcome}`);
    const t1 = performance.now();
    ffPlan(concatArgs(list, bare.CONCAT));
    ffPlan(underlayAudioArgs({ video: local.vehicle, audio: local.audio }, bare.ORIGINAL_AUDIO));
    ffPlan(underlayAudioArgs({ video: bare.CONCAT, audio: local.audio }, bare.CONCAT_AUDIO));
    bareRuns.push((performance.now() - t1) / 1000);
  }

  // The same outputs: each assembled video has the length and streams of the bare command's.
  const rows = await adapters.db
    .selectFrom('videos')
    .select(['video_type', 'blob_key'])
    .where('shooting_id', '=', shootingId)
    .where('video_type', '!=', 'ORIGINAL')
    .execute();
  for (const row of rows) {
    const ours = path.join(tmp, `ours-${row.video_type}.mp4`);
    fs.writeFileSync(ours, (await adapters.blobs.getBuffer(row.blob_key!))!);
    const [a, b] = [await probeMedia(ours), await probeMedia(bare[row.video_type as keyof typeof bare])];
    if (
      !a ||
      !b ||
      Math.abs(a.durationSeconds - b.durationSeconds) > 0.1 ||
      a.video?.codec !== b.video?.codec ||
      a.audio?.codec !== b.audio?.codec
    ) {
      throw new Error(`${row.video_type} differs from the bare command's output`);
    }
  }
  await adapters.close();
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const jobSeconds = median(jobRuns);
  const bareSeconds = median(bareRuns);
  return {
    vehicleSeconds: VEHICLE_SECONDS,
    runs: RUNS,
    jobSeconds: round(jobSeconds, 2),
    bareSeconds: round(bareSeconds, 2),
    ratio: round(jobSeconds / bareSeconds, 2),
    jobRuns: jobRuns.map((x) => round(x, 2)),
    bareRuns: bareRuns.map((x) => round(x, 2)),
  };
}

try {
  const upload = PART === 'assembly' ? null : await uploadBench();
  if (upload) emit({ bench: 'media', part: 'upload', ...upload });
  const assembly = PART === 'upload' ? null : await assemblyBench();
  if (assembly) emit({ bench: 'media', part: 'assembly', ...assembly });
  // A row is recorded only for a run of both parts at the issue's sizes' shape (any size may be asked).
  if (upload && assembly && !process.argv.includes('--no-record')) {
    const load = os.loadavg()[0]!.toFixed(1);
    const met =
      upload.mbPerSecond >= 200 && upload.rssGrowthMb < 100 && assembly.jobSeconds < 10 && assembly.ratio <= 1.1;
    recordRow(
      'media',
      `upload ${upload.uploadMb} MB through the tus route on loopback: ${upload.mbPerSecond} MB/s, API RSS growth ${upload.rssGrowthMb} MB; cut at 50% and resumed: ${upload.resentAfterCutMb} MB sent again (chunk ${upload.chunkMb} MB); API CPU ${upload.serverCpuSecondsPerGb} s per GB; assembly of a ${assembly.vehicleSeconds} s 1280x720 vehicle video with 10 s intro, 10 s outro and audio (CONCAT, ORIGINAL_AUDIO, CONCAT_AUDIO, poster): medians of ${assembly.runs} alternating runs: job ${assembly.jobSeconds} s, bare ffmpeg doing the same commands ${assembly.bareSeconds} s (${assembly.ratio}x); ffmpeg ${mediaBinaries().source}; 1-min load average ${load} on ${os.cpus().length} cores`,
      met,
    );
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
