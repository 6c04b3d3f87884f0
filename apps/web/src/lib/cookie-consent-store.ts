// The visitor's cookie choice, apart from the banner (cookie-consent.tsx, MUI) so that the public player's
// own banner (features/player/player-cookie-consent.tsx) reads and keeps the same choice without MUI.
export const COOKIE_CONSENT_STORAGE_KEY = 'forecourt.cookieConsent';
/** The choice is asked again at most every 13 months (spec section 5). */
export const CONSENT_MONTHS = 13;

export interface Consent {
  choice: 'accepted' | 'refused';
  at: string;
}

export function storedConsent(now = new Date()): Consent | null {
  try {
    const c = JSON.parse(localStorage.getItem(COOKIE_CONSENT_STORAGE_KEY) ?? 'null') as Consent | null;
    if (!c?.at) return null;
    const expires = new Date(c.at);
    expires.setMonth(expires.getMonth() + CONSENT_MONTHS);
    return expires > now ? c : null;
  } catch {
    return null;
  }
}

/** Keeps the visitor's choice, dated now. */
export function saveConsent(choice: Consent['choice']): Consent {
  const c = { choice, at: new Date().toISOString() };
  localStorage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(c));
  return c;
}
