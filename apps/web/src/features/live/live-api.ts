import {
  LiveOptions,
  LiveRecording,
  LiveRecordingDownload,
  LiveRecordingList,
  LiveRecordingShare,
  LiveRoom,
  LiveRoomInfo,
  LiveRoomList,
  LiveToken,
  PlayerOptions,
  UserOwnersResponse,
  type LiveRoomCreate,
  type LiveRoomEmail,
  type LiveScoring,
} from '@forecourt/contracts';
import { request } from '../../api/http';

const code = (c: string | null) => (c ? { code: c } : {});

export const fetchOwners = (userId: string) =>
  request(`/api/external/legacy/users/${encodeURIComponent(userId)}/owners`, { schema: UserOwnersResponse });

export const createRoom = (body: LiveRoomCreate) =>
  request('/api/videos/live/rooms', { method: 'POST', body, schema: LiveRoom });

export const fetchRooms = async (userId: string) =>
  (await request(`/api/users/${encodeURIComponent(userId)}/videos/live/rooms`, { schema: LiveRoomList })).items;

// Room info, options and token are sent with the session when there is one: the room's dealer then joins
// as its host (and reaches it without the code); a visitor's calls carry the meeting code.
export const fetchRoomInfo = (id: string, meetingCode: string | null) =>
  request(`/api/videos/live/rooms/${encodeURIComponent(id)}`, { query: code(meetingCode), schema: LiveRoomInfo });

export const fetchLiveOptions = (id: string, meetingCode: string | null) =>
  request(`/API/V1/videos/live/${encodeURIComponent(id)}/options`, {
    query: code(meetingCode),
    schema: LiveOptions,
    timeoutMs: 30_000,
  });

/** `resume`: the previous token, after the signalling socket dropped, to rejoin as the same participant. */
export const fetchToken = (identity: string, room: string, meetingCode: string | null, resume?: string) =>
  request('/api/videos/live/token', {
    query: { identity, room, ...code(meetingCode), ...(resume ? { resume } : {}) },
    schema: LiveToken,
  });

/** The room's dealer ends the meeting for everyone: those still in it are told, and nobody joins it again. */
export const endRoomForAll = (id: string) =>
  request(`/api/videos/live/rooms/${encodeURIComponent(id)}/end`, { method: 'POST' });

export const sendRoomEmail = (id: string, body: LiveRoomEmail) =>
  request(`/api/videos/live/rooms/${encodeURIComponent(id)}/email`, { method: 'POST', body });

export const postRoomShared = (userId: string, id: string) =>
  request(`/api/users/${encodeURIComponent(userId)}/statistics/videos/live/${encodeURIComponent(id)}/shared`, {
    method: 'POST',
    body: { source: 'WEB', sharingType: 'EMAIL' },
  });

const recordings = (roomId: string) => `/api/videos/live/rooms/${encodeURIComponent(roomId)}/recordings`;

export const fetchRecordings = (roomId: string) => request(recordings(roomId), { schema: LiveRecordingList });

/** The room's dealer starts or stops recording the call (SFU only). */
export const setRecording = (roomId: string, on: boolean) =>
  request(`${recordings(roomId)}${on ? '' : '/stop'}`, { method: 'POST', schema: LiveRecording });

export const fetchRecordingDownload = (roomId: string, id: string) =>
  request(`${recordings(roomId)}/${encodeURIComponent(id)}/download`, { schema: LiveRecordingDownload });

export const shareRecording = (roomId: string, id: string) =>
  request(`${recordings(roomId)}/${encodeURIComponent(id)}/share`, { method: 'POST', schema: LiveRecordingShare });

export const postLiveScoring = (body: LiveScoring) =>
  request('/API/V1/videos/live/scorings', { method: 'POST', body, anonymous: true });

export const fetchVehiclePlayer = (ref: string) =>
  request(`/api/external/legacy/players/${encodeURIComponent(ref)}/options`, {
    schema: PlayerOptions,
    anonymous: true,
    timeoutMs: 30_000,
  });
