import { useAuth } from '../../auth/auth-context';

/** Settings are for provider administrators and customer success (spec sections 2 and 6), as the server checks. */
export function useSettingsAccess(): boolean {
  const { user } = useAuth();
  const habilitations = user?.profile.habilitations;
  return (
    Array.isArray(habilitations) &&
    habilitations.some((h) => h === 'PROVIDER_ADMINISTRATOR' || h === 'CUSTOMER_SUCCESS')
  );
}

/** SCIM tokens open a group's accounts to an outside system: provider administrators only, as the server checks. */
export function useProviderAdministrator(): boolean {
  const { user } = useAuth();
  const habilitations = user?.profile.habilitations;
  return Array.isArray(habilitations) && habilitations.includes('PROVIDER_ADMINISTRATOR');
}
