const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A non-legacy account has a UUID as its username (preferred_username); only those manage their account here. */
export const isNonLegacy = (username: string): boolean => UUID.test(username);
