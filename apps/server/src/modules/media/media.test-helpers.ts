import fs from 'node:fs';
import http from 'node:http';
import { expect } from 'vitest';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';

type Headers = Record<string, string>;

/** The headers of a tus PATCH at `offset`. */
const patchHeaders = (headers: Headers, offset: number) => ({
  ...headers,
  'tus-resumable': '1.0.0',
  'upload-offset': String(offset),
  'content-type': 'application/offset+octet-stream',
});

/** One tus PATCH of `bytes` at `offset`. */
export const tusPatch = (app: App, headers: Headers, url: string, bytes: Buffer, offset: number) =>
  app.inject({ method: 'PATCH', url, headers: patchHeaders(headers, offset), payload: bytes });

/**
 * A tus PATCH from offset 0 of a `size`-byte body over a real connection to `origin`, its body left to the
 * caller to write (in pieces, halfway, or cut).
 */
export const openTusPatch = (origin: string, url: string, headers: Headers, size: number) =>
  http.request(`${origin}${url}`, {
    method: 'PATCH',
    headers: { ...patchHeaders(headers, 0), 'content-length': String(size) },
  });

export const tusOffset = async (app: App, headers: Headers, url: string): Promise<number> => {
  const res = await app.inject({ method: 'HEAD', url, headers: { ...headers, 'tus-resumable': '1.0.0' } });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['upload-offset']);
};

/** What an admin media upload grant is asked with. */
export interface AdminUploadFacts {
  groupId: string;
  slot: string;
  fileName: string;
  size: number;
  contentType: string;
  lastModified?: number;
}

/** Asks for an admin media upload grant; answers the response as it is. */
export const grantAdminUpload = (app: App, headers: Headers, facts: AdminUploadFacts) =>
  app.inject({ method: 'POST', url: '/api/media/generate_presigned_urls', headers, payload: facts });

/** Grants an admin media upload of a local file and sends it whole; answers the grant and the last PATCH. */
export async function uploadAdminMedia(
  app: App,
  headers: Headers,
  groupId: string,
  slot: string,
  file: string,
  contentType: string,
) {
  const bytes = fs.readFileSync(file);
  const grant = await grantAdminUpload(app, headers, {
    groupId,
    slot,
    fileName: file.split('/').pop()!,
    size: bytes.length,
    contentType,
    lastModified: 1,
  });
  expect(grant.statusCode).toBe(201);
  const body = grant.json<{ presignedUrl: string; url: string; uploadId: string }>();
  const last = await tusPatch(app, headers, body.presignedUrl, bytes, 0);
  return { grant: body, last, bytes };
}

/**
 * Uploads a vehicle video to a shooting the way the portal does (grant, one PATCH) and registers it;
 * answers the registration's response.
 */
export async function uploadVehicleVideo(
  app: App,
  headers: Headers,
  shootingId: string,
  video: { bytes: Buffer; fileName: string; contentType: string },
) {
  const grant = await app.inject({
    method: 'POST',
    url: `/api/shootings/${shootingId}/videos/generate_presigned_urls`,
    headers,
    payload: { fileName: video.fileName, size: video.bytes.length, contentType: video.contentType },
  });
  expect(grant.statusCode).toBe(201);
  const { presignedUrl, url } = grant.json<{ presignedUrl: string; url: string }>();
  expect((await tusPatch(app, headers, presignedUrl, video.bytes, 0)).statusCode).toBe(204);
  return app.inject({ method: 'POST', url: `/api/shootings/${shootingId}/videos`, headers, payload: { url } });
}

/** An upload's row status (PENDING, DONE, EXPIRED). */
export const uploadStatus = async (adapters: Pick<Adapters, 'db'>, id: string) =>
  (await adapters.db.selectFrom('media_uploads').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

/** Registers an uploaded file (its `url`) in a slot of a group's video configuration. */
export const registerGroupMedia = (
  app: App,
  headers: Headers,
  target: { groupId: string; configId: string; slot: string },
  url: string,
) =>
  app.inject({
    method: 'PUT',
    url: `/api/groups/${target.groupId}/configurations/videos/${target.configId}/${target.slot}`,
    headers,
    payload: { url },
  });
