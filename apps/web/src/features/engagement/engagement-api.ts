import { PersonalLink, type PersonalLinkBody } from '@forecourt/contracts';
import { request } from '../../api/http';

/** "Copy link for …": a personal link of the player for a named recipient. */
export const createPersonalLink = (body: PersonalLinkBody) =>
  request('/api/engagement/links', { method: 'POST', body, schema: PersonalLink });
