import {
  AlertPreferences,
  CallNowResponse,
  EngagementAlertList,
  PersonalLink,
  type PersonalLinkBody,
} from '@forecourt/contracts';
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
