import { PipelineQueued, shootingApiPath, StampsResponse, type Format } from '@forecourt/contracts';
import { request } from '../../api/http';

export const fetchStampsOfFormat = (userId: string, format: Format) =>
  request(`/api/users/${encodeURIComponent(userId)}/stamps`, { query: { formats: format }, schema: StampsResponse });

export const restampShooting = (p: { ownerId: string; productId: string; shootingId: string }, stampId: string) =>
  request(`/api${shootingApiPath(p)}/restamp`, { method: 'POST', body: { stampId }, schema: PipelineQueued });
