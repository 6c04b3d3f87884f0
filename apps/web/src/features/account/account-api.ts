import { AccountProfile, type AccountLanguage } from '@forecourt/contracts/account';
import { request } from '../../api/http';

export const fetchAccount = () => request('/api/users/me/account', { schema: AccountProfile });

/** Keeps the chosen language with the account (the sign-in page and e-mails follow it). */
export const saveLanguage = (locale: AccountLanguage) =>
  request('/api/users/me/language', { method: 'PUT', body: { locale } });
