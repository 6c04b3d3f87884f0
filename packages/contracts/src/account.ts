import { z } from 'zod';

/** The portal's languages (spec section 1); a user's stored language is one of them. */
export const ACCOUNT_LANGUAGES = ['en', 'fr', 'es', 'pl', 'de', 'it', 'nl', 'pt', 'sv', 'da'] as const;
export const AccountLanguage = z.enum(ACCOUNT_LANGUAGES);
export type AccountLanguage = z.infer<typeof AccountLanguage>;

/** `GET /api/users/me/account`: the signed-in user's profile as the account screen shows it. */
export const AccountProfile = z.object({
  id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  fullName: z.string(),
  locale: z.string(),
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
