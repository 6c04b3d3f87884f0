import type { UserContext } from './user-context';

/** The user claims of spec section 3, carried by ID and access tokens. */
export interface UserClaims {
  [claim: string]: unknown;
  sub: string;
  preferred_username: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
  name: string;
  locale: string;
  habilitations: string[];
  roles: string[];
}

export const userClaims = (user: UserContext): UserClaims => ({
  sub: user.id,
  preferred_username: user.id,
  email: user.email,
  email_verified: true,
  given_name: user.givenName,
  family_name: user.familyName,
  name: `${user.givenName} ${user.familyName}`.trim(),
  locale: user.locale,
  habilitations: user.habilitations,
  roles: user.roles,
});
