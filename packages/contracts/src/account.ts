import { z } from 'zod';
import { CurrentUser } from './identity';

/** The portal's languages (spec section 1); a user's stored language is one of them. */
export const ACCOUNT_LANGUAGES = ['en', 'fr', 'es', 'pl', 'de', 'it', 'nl', 'pt', 'sv', 'da'] as const;
export const AccountLanguage = z.enum(ACCOUNT_LANGUAGES);
export type AccountLanguage = z.infer<typeof AccountLanguage>;

/**
 * `GET /api/users/me/account`: the signed-in user's profile as the account screen shows it: who they are
 * (as `CurrentUser` says it), their dealer group and stocks by name, and their provider's account page.
 */
export const AccountProfile = CurrentUser.pick({
  id: true,
  email: true,
  givenName: true,
  familyName: true,
  fullName: true,
  locale: true,
}).extend({
  group: z.object({ id: z.string(), name: z.string() }),
  /** The stocks (owners) the user reaches, by name. */
  stocks: z.array(z.object({ ownerId: z.string(), name: z.string() })),
  /** The identity provider's own account page (password, sessions), when it has one. */
  identityAccountUrl: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof AccountProfile>;

/** `PUT /api/users/me/language`: the language the user chose, kept with the account. */
export const AccountLanguageBody = z.object({ locale: AccountLanguage });
export type AccountLanguageBody = z.infer<typeof AccountLanguageBody>;
