/**
 * How the portal signs in, as other modules and the portal itself must know it: its public OIDC client and
 * the audience of the access tokens it asks for. Public identifiers, not secrets.
 */
export const PORTAL_CLIENT_ID = 'forecourt-portal';
export const PORTAL_SCOPE = 'openid profile email offline_access api';

/** Audience of access tokens for the Forecourt APIs (the resource indicator asked at sign-in). */
export const API_AUDIENCE = 'urn:forecourt:api';
