import { isRegistrationSearch } from '@forecourt/contracts/vehicles';

/**
 * The vehicle a registration search found, for the list's "vehicle page" link: the searched text when it
 * is a whole registration that one of the results carries, else the one registration every result
 * carries (a fragment that narrowed the list to one car). None for an empty search or several cars.
 */
export function searchedVehicle(search: string, results: readonly { registration: string }[]): string | null {
  const text = search.trim().toUpperCase();
  if (!text || results.length === 0) return null;
  const registrations = new Set(results.map((r) => r.registration.toUpperCase()));
  if (registrations.has(text) && isRegistrationSearch(text)) return text;
  const [only] = registrations;
  return registrations.size === 1 && only && isRegistrationSearch(only) ? only : null;
}
