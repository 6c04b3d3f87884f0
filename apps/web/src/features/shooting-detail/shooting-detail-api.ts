import {
  PipelineState,
  ReplayDmsResponse,
  ShootingDetail,
  shootingApiPath,
  type ArchiveType,
} from '@forecourt/contracts';
import { request } from '../../api/http';
import type { ShootingKey } from '../../lib/shooting-key';

export const fetchShooting = (k: ShootingKey) => request(`/api${shootingApiPath(k)}`, { schema: ShootingDetail });

export const deleteShooting = (k: ShootingKey) =>
  request(`/api${shootingApiPath(k)}`, { method: 'DELETE', query: { deleteSameDayRelatedShootings: 'true' } });

export const deleteVideo = (k: ShootingKey) => request(`/api${shootingApiPath(k)}`, { method: 'DELETE' });

export const fetchPipelineState = (k: ShootingKey) =>
  request(`/api${shootingApiPath(k)}/pipeline`, { schema: PipelineState });

export const retryPipeline = (k: ShootingKey) =>
  request(`/api${shootingApiPath(k)}/pipeline/retry`, { method: 'POST' });

export const removeFailedPicture = (k: ShootingKey, imageId: string) =>
  request(`/api${shootingApiPath(k)}/pipeline/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' });

export const replayDms = (shootingId: string) =>
  request(`/api/shootings/${encodeURIComponent(shootingId)}/replay_dms`, { method: 'POST', schema: ReplayDmsResponse });

const fileNameOf = (disposition: string | null, fallback: string): string => {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]!);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain ? plain[1]! : fallback;
};

/** Downloads a zip archive through the signed-in client and hands it to the browser as a file. */
export async function downloadArchive(shootingId: string, type: ArchiveType): Promise<void> {
  const res = await request<Response>(`/API/V1/forecourt/shootings/${encodeURIComponent(shootingId)}/zip`, {
    query: { type },
    responseType: 'raw',
    headers: { Accept: 'application/zip' },
  });
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), `${shootingId}.zip`);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
