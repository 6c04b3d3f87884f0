import { forbidden } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';

/** The habilitations of spec section 6 that open the settings (and the DMS entry): the service provider's staff. */
export const SETTINGS_HABILITATIONS = ['PROVIDER_ADMINISTRATOR', 'CUSTOMER_SUCCESS'] as const;

/**
 * Settings administer dealer groups, so they belong to the service provider's staff only: a provider
 * administrator or a customer-success user reaches every group; anyone else is refused.
 */
export function requireSettingsAdmin(user: UserContext): void {
  if (!SETTINGS_HABILITATIONS.some((h) => user.habilitations.includes(h))) {
    throw forbidden('Settings are for provider administrators and customer success');
  }
}
