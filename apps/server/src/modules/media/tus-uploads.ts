import { MAX_MEDIA_BYTES } from '@forecourt/contracts';
import { ERRORS, Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { applySecurityHeaders } from '../../platform/http-guards';
import { sendWebResponse, toWebRequest } from '../../platform/uploads/web-request';
import { finaliseUpload, UPLOADS_PATH, type UploadDeps } from './media-uploads.service';

const errorBody = (err: AppError) =>
  JSON.stringify({ error: { code: err.code, message: err.message, details: err.details } });

/**
 * The tus protocol server over the resumable store. Uploads are created by the grant (never by a tus
 * POST), authorised per request before the protocol handler sees them (routes), and finished in its
 * `onUploadFinish` hook: the content is checked and stored, or refused and removed, before the last
 * PATCH is answered.
 */
export function createTusServer(deps: UploadDeps): Server {
  return new Server({
    path: UPLOADS_PATH,
    datastore: deps.store.datastore,
    maxSize: MAX_MEDIA_BYTES,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    // A PATCH from the wrong offset is told where the upload is, in the app's error format.
    async onResponseError(req, err) {
      if (err !== ERRORS.INVALID_OFFSET) return undefined;
      const id = new URL(req.url).pathname.split('/').at(-1) ?? '';
      const offset = await deps.store.offset(id).catch(() => null);
      return { status_code: 409, body: errorBody(offsetConflict(offset)) };
    },
    async onUploadFinish(_req, upload) {
      try {
        await finaliseUpload(deps, upload.id);
        return {};
      } catch (err) {
        if (err instanceof AppError) {
          // tus answers a thrown { status_code, body } as is: the portal reads our usual error body.
          throw { status_code: err.status, body: errorBody(err) };
        }
        throw err;
      }
    },
  });
}

const offsetConflict = (offset: number | null) =>
  new AppError(
    'CONFLICT',
    offset === null
      ? 'This upload no longer takes bytes'
      : `The upload holds ${offset} bytes: ask for its offset (HEAD) and go on from there`,
    { reason: 'OFFSET_CONFLICT', ...(offset === null ? {} : { offset }) },
  );

/**
 * A PATCH whose body has not moved for this long is taken for a connection that died without the server
 * hearing of it: a new PATCH of the same upload may then take its place (tus stops the old one). An object
 * so that a test may shorten it.
 */
export const writerStall = { ms: 15_000 };

/**
 * The PATCH writing each upload in this process, and when it last read a chunk of its body. One writer
 * at a time: the first to come keeps the upload until it is answered, so the one whose bytes are stored is
 * the one told so (204 with its Upload-Offset); the others are answered 409 at once, without a byte
 * written. tus's own lock would instead stop the writer for the newcomer, which then found the offset
 * moved: every writer was answered 409 while one's bytes were kept.
 */
const writers = new Map<string, { lastRead: number }>();

/**
 * Hands an authorised request to the protocol handler and writes its answer on the raw response. The
 * body reaches the store as the socket delivers it (`toWebRequest`), not through `tus.handle`'s
 * conversion, which copied every read.
 */
export async function handleTus(tus: Server, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const id = (request.params as { id: string }).id;
  let writer: { lastRead: number } | null = null;
  if (request.method === 'PATCH') {
    const holder = writers.get(id);
    if (holder && Date.now() - holder.lastRead < writerStall.ms) {
      // Its body is left unread: the connection is closed after the answer.
      reply.header('connection', 'close');
      throw new AppError(
        'CONFLICT',
        'Another request is sending this upload: ask for its offset (HEAD) and go on from there',
        { reason: 'UPLOAD_BUSY' },
      );
    }
    writer = { lastRead: Date.now() };
    writers.set(id, writer);
  }
  // Once its body is all read, the writer is finishing the upload (the content checked and stored), not stalled.
  const moved = writer ? (ended: boolean) => void (writer.lastRead = ended ? Infinity : Date.now()) : undefined;
  reply.hijack();
  try {
    const response = await tus.handleWeb(toWebRequest(request.raw, `${request.protocol}://${request.host}`, moved));
    // Written raw, so the app's onSend headers are set here. tus's own CORS answer (any origin) goes: the
    // portal uploads from its own origin and the mobile app is no browser.
    applySecurityHeaders(reply.raw);
    for (const name of [...response.headers.keys()]) {
      if (name.startsWith('access-control-')) response.headers.delete(name);
    }
    await sendWebResponse(reply.raw, response);
  } finally {
    if (writer && writers.get(id) === writer) writers.delete(id);
  }
}
