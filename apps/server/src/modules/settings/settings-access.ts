import { forbidden } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';

/** The habilitations of spec section 6 that open the settings (and the DMS entry): the service provider's staff. */
export const SETTINGS_HABILITATIONS = ['PROVIDER_ADMINISTRATOR', 'CUSTOMER_SUCCESS'] as const;

/** Whether the user is the service provider's staff: a provider administrator or customer success. */
export const isSettingsAdmin = (user: Pick<UserContext, 'habilitations'>): boolean =>
  SETTINGS_HABILITATIONS.some((h) => user.habilitations.includes(h));

/**
 * Settings administer dealer groups, so they belong to the service provider's staff only: a provider
 * administrator or a customer-success user reaches every group; anyone else is refused.
 */
export function requireSettingsAdmin(user: UserContext): void {
  if (!isSettingsAdmin(user)) {
    throw forbidden('Settings are for provider administrators and customer success');
  }
}
