import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

type Middleware = S3rver['middleware'][number];
const xml = (s: string | number) => String(s).replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The two multipart calls s3rver lacks and tus's S3 store makes: ListParts (`GET ?uploadId`, how much an
 * upload holds) and AbortMultipartUpload (`DELETE ?uploadId`). Parts are read where s3rver's own
 * UploadPart writes them (`<bucket>/<uploads folder>/<uploadId>/<partNumber>` and its `.md5`).
 */
function multipartAdditions(server: S3rver): Middleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...key] = ctx.path.split('/');
    if (!uploadId || !bucket || !key.length || !['GET', 'DELETE'].includes(ctx.method)) return next();
    const dir = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
    if (!fs.existsSync(dir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xml(uploadId)}</UploadId></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const parts = fs
      .readdirSync(dir)
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const file = path.join(dir, String(n));
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${xml(fs.readFileSync(`${file}.md5`, 'utf8'))}"</ETag><Size>${fs.statSync(file).size}</Size></Part>`;
      });
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(bucket)}</Bucket><Key>${xml(key.join('/'))}</Key><UploadId>${xml(uploadId)}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  };
}

interface StoredObject {
  bucket: string;
  key: string;
  metadata: Record<string, string>;
  content: Buffer | Readable;
}

interface FilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  getBucketPath(bucket: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
}

/**
 * s3rver's PUT answers once the request's bytes have gone through its checksum, not once they are in the
 * file: a GET sent right after the answer (a registration reading the upload its browser just sent) may
 * read a file still being written, and refuse a truncated image. S3 reads what an answered PUT wrote. The
 * object is written whole before its metadata and the answer. Its folder is made again when a delete's
 * clean-up of an emptied folder removed it between the two.
 */
function durablePut(store: FilesystemStore): void {
  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    const fd = await openMakingFolder(file);
    const md5 = createHash('md5');
    let size = 0;
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(content, count, fs.createWriteStream(file, { fd }));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

/**
 * Opens `file` for writing, making its folder (again, when a delete's clean-up removed it meanwhile). A plain
 * descriptor rather than a FileHandle: the stream then writes through `fs.write`, as s3rver's own did, which
 * is what s3-blob-store.test.ts slows down to show a GET reads every byte.
 */
async function openMakingFolder(file: string, attempts = 3): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    try {
      return await new Promise<number>((resolve, reject) =>
        fs.open(file, 'w', (err, fd) => (err ? reject(err) : resolve(fd))),
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= attempts) throw err;
    }
  }
}

/**
 * s3rver's delete removes the object's files, then each folder of its key left empty, checking with
 * readdirSync and removing with rmdir: two deletes in one folder at once (DeleteObjects deletes its keys
 * together; the upload clean-up after a registration deletes three in `uploads/<product>/`) race, and the
 * loser's readdir or rmdir of a folder already gone answers 500, then again at each retry. S3 has no
 * folders: a folder that is gone or no longer empty ends the clean-up, as it should.
 */
function tolerantDelete(store: FilesystemStore): void {
  store.deleteObject = async (bucket, key) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((r) =>
        fs.promises.unlink(store.getResourcePath(bucket, key, r)).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== 'ENOENT') throw err;
        }),
      ),
    );
    const parts = key.split('/').slice(0, -1);
    while (parts.length) {
      try {
        await fs.promises.rmdir(path.join(store.getBucketPath(bucket), ...parts));
      } catch (err) {
        if (['ENOENT', 'ENOTEMPTY', 'EEXIST'].includes((err as NodeJS.ErrnoException).code ?? '')) return;
        throw err;
      }
      parts.pop();
    }
  };
}

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** s3rver's HTTP server (the bench's s3rver process counts its requests and hands it more listeners' connections). */
  httpServer: http.Server;
  /** The settings that point the S3 driver at this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** An S3-compatible server (s3rver, with the multipart calls it lacks and S3's read-after-write) on 127.0.0.1 with one empty bucket, on a port of its own. */
export async function startTestS3Server(bucket = 'forecourt-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  server.middleware.unshift(multipartAdditions(server));
  tolerantDelete(server.store as unknown as FilesystemStore);
  durablePut(server.store as unknown as FilesystemStore);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    httpServer: (server as unknown as { httpServer: http.Server }).httpServer,
    env: {
      BLOB_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
