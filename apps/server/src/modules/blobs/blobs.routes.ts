import type { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app-types';
import { attachmentDisposition } from '../../http/attachment';
import { BlobTooLargeError, type FsBlobStore } from '../../platform/blobs/fs-blob-store';
import { isValidKey } from '../../platform/blobs/blob-store';
import { parseByteRange } from '../../platform/blobs/byte-range';
import { AppError } from '../../platform/errors';

const SignedQuery = z.record(z.string(), z.string());

/** The embedded blob store's presigned URLs: PUT and GET under /blobs, refused unless signed and fresh. */
export async function blobRoutes(app: App, deps: { blobs: FsBlobStore }): Promise<void> {
  const { blobs } = deps;
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The body is streamed to disk by the store, which enforces the signed size limit itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    const keyOf = (params: unknown): string => {
      const key = (params as { '*': string })['*'];
      if (!isValidKey(key)) throw new AppError('NOT_FOUND', 'Not found');
      return key;
    };
    const check = (op: 'put' | 'get', key: string, query: Record<string, string>) => {
      const v = blobs.verify(op, key, query);
      if (!v.ok) throw new AppError(v.code, v.message);
      return v.request;
    };

    scope.put(
      '/blobs/*',
      { schema: { querystring: SignedQuery, hide: true }, bodyLimit: 10 * 1024 ** 3 },
      async (request, reply) => {
        const key = keyOf(request.params);
        const signed = check('put', key, request.query);
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (signed.contentType && type !== signed.contentType.toLowerCase()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The upload must be sent as ${signed.contentType}`);
        }
        const max = signed.maxBytes ?? Number.MAX_SAFE_INTEGER;
        const declared = Number(request.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > max) {
          throw new AppError('PAYLOAD_TOO_LARGE', `The file exceeds the allowed ${max} bytes`);
        }
        try {
          await blobs.putStream(key, request.body as Readable, signed.contentType ?? type, max);
        } catch (err) {
          // The rest of the body is not read: close the connection once the refusal is sent.
          if (err instanceof BlobTooLargeError) {
            reply.header('Connection', 'close');
            throw new AppError('PAYLOAD_TOO_LARGE', `The file exceeds the allowed ${max} bytes`);
          }
          throw err;
        }
        return reply.status(200).send();
      },
    );

    scope.get('/blobs/*', { schema: { querystring: SignedQuery, hide: true } }, async (request, reply) => {
      const key = keyOf(request.params);
      const signed = check('get', key, request.query);
      const info = await blobs.head(key);
      if (!info) throw new AppError('NOT_FOUND', 'Not found');
      reply
        .header('Content-Type', info.contentType)
        .header('Cache-Control', 'private, max-age=300')
        .header('Accept-Ranges', 'bytes');
      if (signed.downloadName) reply.header('Content-Disposition', attachmentDisposition(signed.downloadName));
      // Videos seek with range requests: the player never downloads the whole file to play a part.
      const range = parseByteRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${info.size}`).send();
      const obj = range ? await blobs.getRange(key, range.start, range.end) : await blobs.get(key);
      if (!obj) throw new AppError('NOT_FOUND', 'Not found');
      if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
      return reply.header('Content-Length', obj.size).send(obj.body);
    });
  });
}
