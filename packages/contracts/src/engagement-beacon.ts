// Constants of the player's engagement beacon, kept free of zod so that the public player imports them
// without loading any schema (the beacon must stay under 3 KB of gzip JavaScript).

/** The beacon's route; public, first-party, no cookie. */
export const BEACON_PATH = '/api/engagement/beacon';
/** A batch larger than this is refused unread (413). */
export const BEACON_MAX_BYTES = 4096;
export const BEACON_MAX_EVENTS = 40;
/** Where the player remembers a visitor's opt-out. */
export const ENGAGEMENT_OPT_OUT_KEY = 'forecourt.engagement.optOut';
/** The query parameter that carries the recipient token on the player page. */
export const RECIPIENT_QUERY = 'r';
