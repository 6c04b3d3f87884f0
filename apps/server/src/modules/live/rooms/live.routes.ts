import {
  LiveOptions,
  LiveRoom,
  LiveRoomCodeQuery,
  LiveRoomCreate,
  LiveRoomEmail,
  LiveRoomId,
  LiveRoomInfo,
  LiveRoomList,
  LiveScoring,
  LiveSharedStatistic,
  LiveToken,
  LiveTokenQuery,
} from '@forecourt/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../../app-types';
import { currentUser, type Auth } from '../../identity/auth';
import {
  createRoom,
  emailRoomLink,
  endHostedRoom,
  listRooms,
  rateRoom,
  recordRoomShared,
  roomInfo,
  roomLogo,
  roomOptions,
  roomToken,
  type LiveDeps,
} from './live.service';

const RoomParams = z.object({ id: LiveRoomId });

/**
 * The rooms API of spec section 7. Room info, options and the token serve visitors (with the meeting
 * code) and the room's dealer (signed in); a signed-in caller is recognised when it sends its token.
 */
export async function liveRoutes(app: App, deps: { auth: Auth; live: LiveDeps }): Promise<void> {
  const { auth, live } = deps;
  const optionalUser = async (request: FastifyRequest, reply: FastifyReply) => {
    request.user = null;
    if (request.headers.authorization) await auth.requireUser(request, reply);
  };
  const caller = (request: FastifyRequest) => request.user ?? null;

  app.post(
    '/api/videos/live/rooms',
    { preHandler: auth.requireUser, schema: { body: LiveRoomCreate, response: { 201: LiveRoom } } },
    async (request, reply) => reply.status(201).send(await createRoom(live, currentUser(request), request.body)),
  );

  app.get(
    '/api/users/:id/videos/live/rooms',
    {
      preHandler: auth.requireUser,
      schema: { params: z.object({ id: z.string().min(1).max(100) }), response: { 200: LiveRoomList } },
    },
    async (request) => ({ items: await listRooms(live, currentUser(request), request.params.id) }),
  );

  app.get(
    '/api/videos/live/rooms/:id',
    {
      preHandler: optionalUser,
      schema: { params: RoomParams, querystring: LiveRoomCodeQuery, response: { 200: LiveRoomInfo } },
    },
    async (request) => roomInfo(live, request.params.id, request.query.code, caller(request)),
  );

  app.get(
    '/api/videos/live/rooms/:id/logo',
    { schema: { params: RoomParams, querystring: LiveRoomCodeQuery.extend({ v: z.string().max(40).optional() }) } },
    async (request, reply) => {
      const obj = await roomLogo(live, request.params.id, request.query.code);
      return reply
        .header('Content-Type', obj.contentType)
        .header('Cache-Control', 'private, max-age=86400')
        .send(obj.body);
    },
  );

  app.get(
    '/API/V1/videos/live/:id/options',
    {
      preHandler: optionalUser,
      schema: { params: RoomParams, querystring: LiveRoomCodeQuery, response: { 200: LiveOptions } },
    },
    async (request) => roomOptions(live, request.params.id, request.query.code, caller(request)),
  );

  app.get(
    '/api/videos/live/token',
    { preHandler: optionalUser, schema: { querystring: LiveTokenQuery, response: { 200: LiveToken } } },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await roomToken(live, request.query, caller(request), request.ip)),
  );

  app.post('/API/V1/videos/live/scorings', { schema: { body: LiveScoring } }, async (request, reply) => {
    await rateRoom(live, request.body, request.ip);
    return reply.status(201).send();
  });

  app.post(
    '/api/videos/live/rooms/:id/email',
    { preHandler: auth.requireUser, schema: { params: RoomParams, body: LiveRoomEmail } },
    async (request, reply) => {
      await emailRoomLink(live, currentUser(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/videos/live/rooms/:id/end',
    { preHandler: auth.requireUser, schema: { params: RoomParams } },
    async (request, reply) => {
      await endHostedRoom(live, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/users/:userId/statistics/videos/live/:id/shared',
    {
      preHandler: auth.requireUser,
      schema: { params: RoomParams.extend({ userId: z.string().min(1).max(100) }), body: LiveSharedStatistic },
    },
    async (request, reply) => {
      await recordRoomShared(live, currentUser(request), request.params.userId, request.params.id);
      return reply.status(204).send();
    },
  );
}
