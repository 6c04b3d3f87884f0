import {
  OutboxResponse,
  PlayerInfo,
  PlayerLinkSettings,
  PORTAL_MARKETPLACE,
  type EmailNotification,
  type PlayerLinkSettingsBody,
  type PlayerSharedStatistic,
  type SmsNotification,
} from '@forecourt/contracts';
import { request } from '../../api/http';

/** The shooting's player link for the portal's own marketplace, shortened (spec section 7). */
export const getPlayerInfo = (shootingId: string) =>
  request(`/api/shootings/${encodeURIComponent(shootingId)}/marketplaces/${PORTAL_MARKETPLACE}`, {
    query: { urlshortened: true },
    schema: PlayerInfo,
  });

export const sendEmail = (body: EmailNotification) => request('/api/notifications/EMAIL', { method: 'POST', body });

export const sendSms = (body: SmsNotification) => request('/api/notifications/SMS', { method: 'POST', body });

export const postPlayerShared = (userId: string, ref: string, body: PlayerSharedStatistic) =>
  request(`/api/users/${encodeURIComponent(userId)}/statistics/players/${encodeURIComponent(ref)}/shared`, {
    method: 'POST',
    body,
  });

export const getOutbox = () => request('/api/notifications/outbox', { schema: OutboxResponse });

const settingsPath = (shootingId: string) =>
  `/api/shootings/${encodeURIComponent(shootingId)}/marketplaces/${PORTAL_MARKETPLACE}/settings`;

/** What the shooting's player link shows beyond the pictures (damages, edited labels). */
export const getPlayerSettings = (shootingId: string) =>
  request(settingsPath(shootingId), { schema: PlayerLinkSettings });

export const savePlayerSettings = (shootingId: string, body: PlayerLinkSettingsBody) =>
  request(settingsPath(shootingId), { method: 'PUT', body, schema: PlayerLinkSettings });
