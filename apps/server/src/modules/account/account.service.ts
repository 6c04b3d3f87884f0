import type { AccountLanguage, AccountProfile, AppLinkName } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { UserContext } from '../identity/identity.repo';
import type { ExternalProvider } from '../../config';
import { findGroupName, findStocks, updateLocale } from './account.repo';

interface Deps {
  db: Adapters['db'];
  /** External providers by e-mail domain (IDENTITY_PROVIDERS). */
  providers: Map<string, ExternalProvider>;
  /** APP_LINKS: its `account` entry is the embedded provider's account page. */
  appLinks: Partial<Record<AppLinkName, string>>;
}

export function createAccountService(deps: Deps) {
  /** The account page of the provider the user signs in with: the domain's external one, else the embedded one. */
  const identityAccountUrl = (email: string): string | null => {
    const external = deps.providers.get(email.slice(email.lastIndexOf('@') + 1).toLowerCase());
    return (external ? external.accountUrl : deps.appLinks.account) ?? null;
  };

  return {
    /** The signed-in user's profile: names, e-mail, language, dealer group and stocks. */
    async profile(user: UserContext): Promise<AccountProfile> {
      const [groupName, stocks] = await Promise.all([findGroupName(deps.db, user.groupId), findStocks(deps.db, user.ownerIds)]);
      return {
        id: user.id,
        email: user.email,
        givenName: user.givenName,
        familyName: user.familyName,
        fullName: `${user.givenName} ${user.familyName}`.trim(),
        locale: user.locale,
        group: { id: user.groupId, name: groupName ?? user.groupId },
        stocks: stocks.map((s) => ({ ownerId: s.id, name: s.name })),
        identityAccountUrl: identityAccountUrl(user.email),
      };
    },

    /** Keeps the language the user chose; the sign-in page and the tokens' locale claim follow it. */
    async setLanguage(user: UserContext, locale: AccountLanguage): Promise<void> {
      await updateLocale(deps.db, user.id, locale);
    },
  };
}
