import {
  EmptyResponse,
  FRAME_WIDTHS,
  PlayerDamageParams,
  PlayerFrameParams,
  PlayerOptions,
  PlayerRefParams,
  PlayerScoring,
  VersionQuery,
  VideoNotification,
  type FrameWidth,
} from '@forecourt/contracts';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types';
import type { BlobObject } from '../../platform/blobs/blob-store';
import { AppError } from '../../platform/errors';
import type { Variant } from './frame-variants';
import { INLINE_FRAME_WIDTH, playerPageHead, playerPageRef, withPlayerHead } from './player-page';
import { playerChunks, playerModulePreloads } from './player-page-chunks';
import {
  cachedPlayerFrame,
  playerDamagePhoto,
  playerFrame,
  playerLogo,
  playerOptions,
  playerPanorama,
  playerPoster,
  playerVideo,
  ratePlayer,
  recordWatched,
  type PlayersDeps,
} from './players.service';

// Variant URLs carry the image version: a replaced image gets a new URL, so these never go stale.
const IMMUTABLE = 'public, max-age=31536000, immutable';

const sendVariant = (reply: FastifyReply, v: Variant) =>
  reply.header('Content-Type', v.contentType).header('Cache-Control', IMMUTABLE).send(v.body);

const sendBlob = (reply: FastifyReply, obj: BlobObject, cache: string) =>
  reply
    .header('Content-Type', obj.contentType)
    .header('Content-Length', obj.size)
    .header('Cache-Control', cache)
    .send(obj.body);

/**
 * What anonymous visitors reach: the short link, the player options, its images, the 'watched'
 * notification and the rating. No session; nothing but the ref identifies anything.
 */
export async function publicPlayerRoutes(app: App, deps: { players: PlayersDeps; webDist?: string }): Promise<void> {
  const chunks = playerChunks(deps.webDist);

  // The portal answers /public/player/{ref} with its index.html. The page gets the modules the player
  // needs before its first render (player-page-chunks.ts: page, data scope, translations) and,
  // for an available player, its options and the preload of its first frame (player-page.ts), so the
  // frame and the page's code download with the entry and the player renders at once; for an unknown
  // ref a Link header starts the options call, which answers the error.
  app.addHook('onSend', async (request, reply, payload) => {
    const ref = request.method === 'GET' ? playerPageRef(request.url) : null;
    if (!ref || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const options = await playerOptions(deps.players, ref).catch((err: unknown) => {
      if (!(err instanceof AppError)) request.log.warn({ err }, 'player page without its options');
      return null;
    });
    // The phone's first frame goes in the page when it is ready; the page never waits for it to be made.
    const inline =
      options && options.frames.length > 0
        ? await cachedPlayerFrame(deps.players, ref, 0, INLINE_FRAME_WIDTH, 'webp').catch(() => null)
        : null;
    const known = options ? playerPageHead(PlayerOptions.parse(options), inline) : { preload: '', data: '', frame: '' };
    if (!options)
      reply.header(
        'Link',
        `</api/external/legacy/players/${ref}/options>; rel=preload; as=fetch; crossorigin=anonymous`,
      );
    // The modules depend on the visitor's languages: a cache must keep one page per Accept-Language.
    reply.header('Vary', 'Accept-Language');
    return withPlayerHead(payload.toString(), {
      ...known,
      modules: playerModulePreloads(chunks, request.headers['accept-language']),
    });
  });

  app.get('/p/:ref', { schema: { params: PlayerRefParams, hide: true } }, async (request, reply) =>
    reply.redirect(`/public/player/${encodeURIComponent(request.params.ref)}`, 302),
  );

  app.get(
    '/api/external/legacy/players/:ref/options',
    { schema: { params: PlayerRefParams, response: { 200: PlayerOptions } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return playerOptions(deps.players, request.params.ref);
    },
  );

  app.get(
    '/api/external/legacy/players/:ref/frames/:index/:file',
    { schema: { params: PlayerFrameParams, querystring: VersionQuery, hide: true } },
    async (request, reply) => {
      const [w, format] = request.params.file.split('.') as [string, 'webp' | 'jpg'];
      const width = Number(w) as FrameWidth;
      if (!FRAME_WIDTHS.includes(width))
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'No such frame size' } });
      return sendVariant(
        reply,
        await playerFrame(deps.players, request.params.ref, request.params.index, width, format),
      );
    },
  );

  app.get(
    '/api/external/legacy/players/:ref/damages/:damageId/photo.jpg',
    { schema: { params: PlayerDamageParams, querystring: VersionQuery, hide: true } },
    async (request, reply) =>
      sendVariant(reply, await playerDamagePhoto(deps.players, request.params.ref, request.params.damageId)),
  );

  app.get(
    '/api/external/legacy/players/:ref/panorama.jpg',
    { schema: { params: PlayerRefParams, querystring: VersionQuery, hide: true } },
    async (request, reply) => sendVariant(reply, await playerPanorama(deps.players, request.params.ref)),
  );

  app.get(
    '/api/external/legacy/players/:ref/logo',
    { schema: { params: PlayerRefParams, querystring: VersionQuery, hide: true } },
    async (request, reply) =>
      sendBlob(reply, await playerLogo(deps.players, request.params.ref), 'public, max-age=86400'),
  );

  app.get(
    '/api/external/legacy/players/:ref/video',
    { schema: { params: PlayerRefParams, hide: true } },
    async (request, reply) => {
      const { obj, total, range } = await playerVideo(deps.players, request.params.ref, request.headers.range);
      reply.header('Accept-Ranges', 'bytes');
      if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${total}`);
      return sendBlob(reply, obj, 'public, max-age=3600');
    },
  );

  app.get(
    '/api/external/legacy/players/:ref/video/poster.jpg',
    { schema: { params: PlayerRefParams, hide: true } },
    async (request, reply) =>
      sendBlob(reply, await playerPoster(deps.players, request.params.ref), 'public, max-age=3600'),
  );

  app.post(
    '/api/videos/notification',
    { schema: { body: VideoNotification, response: { 200: EmptyResponse } } },
    async (request) => {
      await recordWatched(deps.players, request.body.ref, request.ip);
      return {};
    },
  );

  app.post(
    '/API/V1/panorama-shootings/scorings',
    { schema: { body: PlayerScoring, response: { 201: EmptyResponse } } },
    async (request, reply) => {
      await ratePlayer(deps.players, request.body, request.ip);
      return reply.status(201).send({});
    },
  );
}
