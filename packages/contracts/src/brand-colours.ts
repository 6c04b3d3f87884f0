/**
 * The portal's blue, shared by the portal's theme and the pages the server draws itself (the embedded
 * provider's sign-in page), so that signing in does not change colour on the way.
 */
export const PORTAL_BLUE = '#0f3d75';
/** The same blue on dark backgrounds (the dark theme's primary). */
export const PORTAL_BLUE_ON_DARK = '#7fb2f0';
