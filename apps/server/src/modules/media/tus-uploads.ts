import { MAX_MEDIA_BYTES } from '@forecourt/contracts';
import { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { applySecurityHeaders } from '../../platform/http-guards';
import { sendWebResponse, toWebRequest } from '../../platform/uploads/web-request';
import { finaliseUpload, UPLOADS_PATH, type UploadDeps } from './media-uploads.service';

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
    async onUploadFinish(_req, upload) {
      try {
        await finaliseUpload(deps, upload.id);
        return {};
      } catch (err) {
        if (err instanceof AppError) {
          // tus answers a thrown { status_code, body } as is: the portal reads our usual error body.
          throw {
            status_code: err.status,
            body: JSON.stringify({ error: { code: err.code, message: err.message, details: err.details } }),
          };
        }
        throw err;
      }
    },
  });
}

/**
 * Hands an authorised request to the protocol handler and writes its answer on the raw response. The
 * body reaches the store as the socket delivers it (`toWebRequest`), not through `tus.handle`'s
 * conversion, which copied every read.
 */
export async function handleTus(tus: Server, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.hijack();
  const response = await tus.handleWeb(toWebRequest(request.raw, `${request.protocol}://${request.host}`));
  // Written raw, so the app's onSend headers are set here. tus's own CORS answer (any origin) goes: the
  // portal uploads from its own origin and the mobile app is no browser.
  applySecurityHeaders(reply.raw);
  for (const name of [...response.headers.keys()]) {
    if (name.startsWith('access-control-')) response.headers.delete(name);
  }
  await sendWebResponse(reply.raw, response);
}
