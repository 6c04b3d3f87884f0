import { z } from 'zod';
import { AccountLanguage } from './account';

/** The first run's one-time code as the server prints it: three groups of four letters or digits. */
export const SETUP_CODE_PATTERN = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;
/** The shortest password the first run and the admin command accept for an embedded account. */
export const SETUP_PASSWORD_MIN_LENGTH = 10;

// Typed with or without dashes, in any case: normalised to the printed form.
const setupCode = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .replace(/^(.{4})(.{4})(.{4})$/, '$1-$2-$3')
      : v,
  z.string().regex(SETUP_CODE_PATTERN, 'is not a setup code'),
);

/** `GET /api/setup` (public, 404 once set up): the e-mail domains that sign in with an external provider. */
export const SetupStatus = z.object({ externalDomains: z.array(z.string()) });
export type SetupStatus = z.infer<typeof SetupStatus>;

/** `POST /api/setup/code`: checks the code before the form asks for the rest. */
export const SetupCodeCheck = z.object({ code: setupCode });
export type SetupCodeCheck = z.infer<typeof SetupCodeCheck>;

const name = z.string().trim().min(1).max(100);

/**
 * `POST /api/setup`: the service provider's own dealer group and its first provider administrator. The
 * password is required for an embedded account and refused for a domain of an external provider.
 */
export const SetupRequest = z.object({
  code: setupCode,
  groupName: z.string().trim().min(1).max(120),
  givenName: name,
  familyName: name,
  email: z.email().max(254),
  locale: AccountLanguage,
  password: z.string().min(SETUP_PASSWORD_MIN_LENGTH).max(200).optional(),
});
export type SetupRequest = z.infer<typeof SetupRequest>;

export const SetupResult = z.object({
  groupId: z.string(),
  userId: z.string(),
  /** Where the administrator signs in: the embedded provider with the password, or the domain's provider. */
  signIn: z.enum(['EMBEDDED', 'EXTERNAL']),
});
export type SetupResult = z.infer<typeof SetupResult>;
