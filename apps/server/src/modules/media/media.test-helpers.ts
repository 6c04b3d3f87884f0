import fs from 'node:fs';
import { expect } from 'vitest';
import type { App } from '../../app-types';

type Headers = Record<string, string>;

/** One tus PATCH of `bytes` at `offset`. */
export const tusPatch = (app: App, headers: Headers, url: string, bytes: Buffer, offset: number) =>
  app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });

export const tusOffset = async (app: App, headers: Headers, url: string): Promise<number> => {
  const res = await app.inject({ method: 'HEAD', url, headers: { ...headers, 'tus-resumable': '1.0.0' } });
  expect(res.statusCode).toBe(200);
  return Number(res.headers['upload-offset']);
};

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
  const grant = await app.inject({
    method: 'POST',
    url: '/api/media/generate_presigned_urls',
    headers,
    payload: { groupId, slot, fileName: file.split('/').pop(), size: bytes.length, contentType, lastModified: 1 },
  });
  expect(grant.statusCode).toBe(201);
  const body = grant.json<{ presignedUrl: string; url: string; uploadId: string }>();
  const last = await tusPatch(app, headers, body.presignedUrl, bytes, 0);
  return { grant: body, last, bytes };
}
