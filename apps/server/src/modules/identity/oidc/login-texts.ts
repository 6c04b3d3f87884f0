import {
  CATALOGUE_FALLBACK,
  CATALOGUE_LANGUAGES,
  withFallback,
  type CatalogueLanguage,
} from '@forecourt/contracts/catalogue';
import en from './locales/en/login.json' with { type: 'json' };
import fr from './locales/fr/login.json' with { type: 'json' };
import es from './locales/es/login.json' with { type: 'json' };
import pl from './locales/pl/login.json' with { type: 'json' };
import de from './locales/de/login.json' with { type: 'json' };
import it from './locales/it/login.json' with { type: 'json' };
import nl from './locales/nl/login.json' with { type: 'json' };
import pt from './locales/pt/login.json' with { type: 'json' };
import sv from './locales/sv/login.json' with { type: 'json' };
import da from './locales/da/login.json' with { type: 'json' };

/**
 * Texts of the provider's own pages (sign-in, sign-out, errors), in the portal's ten languages: the
 * catalogue files `locales/<lang>/login.json`, in the portal's format (@forecourt/contracts/catalogue).
 */
export const LOGIN_LOCALES = CATALOGUE_LANGUAGES;
export type LoginLocale = CatalogueLanguage;
export const FALLBACK_LOCALE: LoginLocale = CATALOGUE_FALLBACK;

export interface LoginTexts {
  title: string;
  intro: string;
  email: string;
  password: string;
  submit: string;
  required: string;
  wrongPassword: string;
  deactivated: string;
  forgotPassword: string;
  throttled: string;
  otherEmail: string;
  helpTitle: string;
  helpBrowsers: string;
  helpMeetings: string;
  helpMobile: string;
  logoutTitle: string;
  logoutButton: string;
  loggedOut: string;
  backToLogin: string;
  errorTitle: string;
}

/** Each language's texts, a key it lacks read from French; `throttled` holds `{{minutes}}`. */
export const LOGIN_TEXTS: Record<LoginLocale, LoginTexts> = withFallback({
  en: en.login,
  fr: fr.login,
  es: es.login,
  pl: pl.login,
  de: de.login,
  it: it.login,
  nl: nl.login,
  pt: pt.login,
  sv: sv.login,
  da: da.login,
} satisfies Record<LoginLocale, LoginTexts>);

/** The first supported language among the candidates (ui_locales, the account's, the browser's), else French. */
export function pickLocale(candidates: Array<string | null | undefined>): LoginLocale {
  for (const candidate of candidates) {
    for (const tag of (candidate ?? '').split(/[\s,]+/)) {
      const lang = tag.split(/[-_;]/)[0]?.toLowerCase();
      if (lang && (LOGIN_LOCALES as readonly string[]).includes(lang)) return lang as LoginLocale;
    }
  }
  return FALLBACK_LOCALE;
}
