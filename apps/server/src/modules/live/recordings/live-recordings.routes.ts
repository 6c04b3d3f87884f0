import {
  LiveRecording,
  LiveRecordingDownload,
  LiveRecordingId,
  LiveRecordingList,
  LiveRecordingShare,
  LiveRecordingShareToken,
  LiveRoomId,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../../app-types';
import { currentUser, type Auth } from '../../identity/auth';
import {
  downloadRecording,
  listRecordings,
  openSharedRecording,
  shareRecording,
  startRecording,
  stopRecording,
  type RecordingDeps,
} from './live-recordings.service';

const RoomParams = z.object({ id: LiveRoomId });
const RecordingParams = RoomParams.extend({ recordingId: LiveRecordingId });

/**
 * Recordings of a room's SFU call: start and stop (the dealer, in the call), the list, download and the
 * public link, for the room's dealer group's users only (a foreign room answers 404); the public link
 * itself needs nothing but its token.
 */
export async function liveRecordingsRoutes(app: App, deps: { auth: Auth; recordings: RecordingDeps }): Promise<void> {
  const { auth, recordings } = deps;
  app.post(
    '/api/videos/live/rooms/:id/recordings',
    { preHandler: auth.requireUser, schema: { params: RoomParams, response: { 201: LiveRecording } } },
    async (request, reply) =>
      reply.status(201).send(await startRecording(recordings, currentUser(request), request.params.id)),
  );
  app.post(
    '/api/videos/live/rooms/:id/recordings/stop',
    { preHandler: auth.requireUser, schema: { params: RoomParams, response: { 200: LiveRecording } } },
    async (request) =>
      stopRecording(recordings, currentUser(request), request.params.id, (err) =>
        request.log.warn({ err }, 'live recording stop'),
      ),
  );
  app.get(
    '/api/videos/live/rooms/:id/recordings',
    { preHandler: auth.requireUser, schema: { params: RoomParams, response: { 200: LiveRecordingList } } },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await listRecordings(recordings, currentUser(request), request.params.id)),
  );
  app.get(
    '/api/videos/live/rooms/:id/recordings/:recordingId/download',
    { preHandler: auth.requireUser, schema: { params: RecordingParams, response: { 200: LiveRecordingDownload } } },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await downloadRecording(recordings, currentUser(request), request.params.id, request.params.recordingId)),
  );
  app.post(
    '/api/videos/live/rooms/:id/recordings/:recordingId/share',
    { preHandler: auth.requireUser, schema: { params: RecordingParams, response: { 200: LiveRecordingShare } } },
    async (request) => shareRecording(recordings, currentUser(request), request.params.id, request.params.recordingId),
  );
  app.get(
    '/api/videos/live/recordings/shared/:token',
    { schema: { params: z.object({ token: LiveRecordingShareToken }) } },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').redirect(await openSharedRecording(recordings, request.params.token)),
  );
}
