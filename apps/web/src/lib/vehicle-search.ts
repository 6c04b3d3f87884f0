import { registrationKey } from '@forecourt/contracts';
import { isRegistrationSearch } from '@forecourt/contracts/vehicles';

/**
 * The vehicle a registration search found, for the list's "vehicle page" link: the registration of a
 * result that is the searched text as people type it (spaces, dashes and case aside, as the search
 * itself), else the one registration every result carries (a fragment that narrowed the list to one
 * car). None for an empty search or several cars.
 */
export function searchedVehicle(search: string, results: readonly { registration: string }[]): string | null {
  const key = registrationKey(search);
  if (!key || results.length === 0) return null;
  const registrations = new Set(results.map((r) => r.registration.toUpperCase()));
  const named = [...registrations].find((r) => registrationKey(r) === key);
  if (named && isRegistrationSearch(named)) return named;
  const [only] = registrations;
  return registrations.size === 1 && only && isRegistrationSearch(only) ? only : null;
}
