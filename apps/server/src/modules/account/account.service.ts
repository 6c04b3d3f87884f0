import type { AccountLanguage, AccountProfile, AppLinkName } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { UserContext } from '../identity/user-context';
import { dealerGroupOf, ownersOf, userIdentity } from '../identity/users.service';
import type { ExternalProvider } from '../../config';
import { updateLocale } from './account.repo';

export interface AccountDeps {
  db: Adapters['db'];
  /** External providers by e-mail domain (IDENTITY_PROVIDERS). */
  providers: Map<string, ExternalProvider>;
  /** APP_LINKS: its `account` entry is the embedded provider's account page. */
  appLinks: Partial<Record<AppLinkName, string>>;
}

/** The account page of the provider the user signs in with: the domain's external one, else the embedded one. */
const identityAccountUrl = (deps: AccountDeps, email: string): string | null => {
  const external = deps.providers.get(email.slice(email.lastIndexOf('@') + 1).toLowerCase());
  return (external ? external.accountUrl : deps.appLinks.account) ?? null;
};

/** The signed-in user's profile: names, e-mail, language, dealer group and stocks. */
export async function accountProfile(deps: AccountDeps, user: UserContext): Promise<AccountProfile> {
  const [group, stocks] = await Promise.all([dealerGroupOf(deps.db, user), ownersOf(deps.db, user)]);
  return {
    ...userIdentity(user),
    group,
    stocks: stocks.map((s) => ({ ownerId: s.id, name: s.name })),
    identityAccountUrl: identityAccountUrl(deps, user.email),
  };
}

/** Keeps the language the user chose; the sign-in page and the tokens' locale claim follow it. */
export async function setAccountLanguage(
  deps: Pick<AccountDeps, 'db'>,
  user: UserContext,
  locale: AccountLanguage,
): Promise<void> {
  await updateLocale(deps.db, user.id, locale);
}
