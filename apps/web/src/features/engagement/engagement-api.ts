import {
  AlertPreferences,
  EngagementResponse,
  FunnelResponse,
  CallNowResponse,
  EngagementAlertList,
  PersonalLink,
  type PersonalLinkBody,
  shootingApiPath,
  type StatisticsQuery,
} from '@forecourt/contracts';
import { saveResponse } from '../../lib/save-response';
import { request } from '../../api/http';

/** "Copy link for …": a personal link of the player for a named recipient. */
export const createPersonalLink = (body: PersonalLinkBody) =>
  request('/api/engagement/links', { method: 'POST', body, schema: PersonalLink });

export const getAlerts = () => request('/api/engagement/alerts', { schema: EngagementAlertList });

export const markAlertsRead = () => request('/api/engagement/alerts/read', { method: 'POST' });

export const getAlertPreferences = () => request('/api/engagement/alert-preferences', { schema: AlertPreferences });

export const saveAlertPreferences = (body: AlertPreferences) =>
  request('/api/engagement/alert-preferences', { method: 'PUT', body, schema: AlertPreferences });

export const callNow = (alertId: string) =>
  request(`/api/engagement/alerts/${encodeURIComponent(alertId)}/call`, { method: 'POST', schema: CallNowResponse });

/** Who a shooting's personal links reached and what they watched (the detail page's panel). */
export const getShootingEngagement = (p: { ownerId: string; productId: string; shootingId: string }) =>
  request(`/api${shootingApiPath(p)}/engagement`, { schema: EngagementResponse });

/** The same across every shooting of a vehicle. */
export const getVehicleEngagement = (registration: string) =>
  request(`/api/vehicles/${encodeURIComponent(registration)}/engagement`, { schema: EngagementResponse });

/** The funnel of the personal links sent over the statistics' period and stock choice. */
export const getFunnel = (userId: string, query: StatisticsQuery) =>
  request(`/api/users/${encodeURIComponent(userId)}/statistics/funnel`, {
    query: { ...query },
    schema: FunnelResponse,
  });

/** Downloads the funnel's CSV (headers in the portal's language) through the signed-in client. */
export async function downloadFunnelCsv(userId: string, query: StatisticsQuery, lang: string): Promise<void> {
  const res = await request<Response>(`/api/users/${encodeURIComponent(userId)}/statistics/funnel.csv`, {
    query: { ...query, lang },
    responseType: 'raw',
    headers: { Accept: 'text/csv' },
  });
  await saveResponse(res, 'forecourt-funnel.csv');
}
