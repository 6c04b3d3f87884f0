import type { ApiKeyStocks } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { settingsGroup } from '../settings/groups.service';
import { isSettingsAdmin } from '../settings/settings-access';
import { groupStockNames } from '../settings/stocks.service';
import { requireBoard } from '../users/user-rights';

/**
 * Who manages a dealer group's integrations, its API keys and webhook endpoints (decision 0076): the settings'
 * administrators (provider staff) every group; the group's own managers (role manage-users on a non-legacy
 * account: the user board's rule, 403 otherwise) their group only; an API key (the route's scope, webhooks:manage,
 * is checked before: keys reach no key route) its group only. Another group answers 404, as any foreign id.
 */
export async function requireIntegrationsGroup(
  deps: Pick<Adapters, 'db'>,
  user: UserContext,
  groupId: string,
): Promise<void> {
  if (isSettingsAdmin(user)) {
    await settingsGroup(deps, user, groupId);
    return;
  }
  if (!user.apiKey) requireBoard(user);
  if (groupId !== user.groupId) throw notFound('Dealer group');
}

/**
 * `requireIntegrationsGroup` for the group's webhook endpoints. An endpoint hears of every stock's shootings, and its
 * delivery log shows their bodies, so below the provider's staff only a caller who reaches every stock of the group
 * manages them (a manager, or a key, limited to some stocks is refused 403): no stock's news through a webhook.
 */
export async function requireWebhooksGroup(
  deps: Pick<Adapters, 'db'>,
  user: UserContext,
  groupId: string,
): Promise<void> {
  await requireIntegrationsGroup(deps, user, groupId);
  if (isSettingsAdmin(user)) return;
  const stocks = await groupStockNames(deps.db, groupId);
  if (stocks.some((s) => !user.ownerIds.includes(s.id)))
    throw forbidden('Webhook endpoints hear of every stock of the group: they need every one of its stocks');
}

/**
 * The stocks the caller may limit a new key of the group to. A manager never gives what they do not hold (the user
 * board's rule): the group's stocks they reach, and a key limited to none is pinned to those. Provider staff give
 * any stock of the group, and a key limited to none follows the group's stocks as they come and go.
 */
export async function keyStockChoices(
  deps: Pick<Adapters, 'db'>,
  user: UserContext,
  groupId: string,
): Promise<ApiKeyStocks> {
  await requireIntegrationsGroup(deps, user, groupId);
  return choicesAmong(user, await groupStockNames(deps.db, groupId));
}

function choicesAmong(user: UserContext, stocks: ApiKeyStocks['items']): ApiKeyStocks {
  if (isSettingsAdmin(user)) return { items: stocks, openToNewStocks: true };
  return { items: stocks.filter((s) => user.ownerIds.includes(s.id)), openToNewStocks: false };
}

/**
 * The stocks a new key is limited to (null: all of the group's, present and future), checked against what the caller
 * may give: a stock of another group is 400 (as if unknown), a stock of the group the manager does not reach is 403.
 * The caller's access to the group is checked before (`requireIntegrationsGroup`).
 */
export async function keyStocksFor(
  deps: Pick<Adapters, 'db'>,
  user: UserContext,
  groupId: string,
  requested: readonly string[] | null | undefined,
): Promise<string[] | null> {
  const stocks = await groupStockNames(deps.db, groupId);
  const choices = choicesAmong(user, stocks);
  const given = new Set(choices.items.map((s) => s.id));
  if (!requested) {
    if (choices.openToNewStocks) return null;
    if (!given.size) throw badRequest('You reach no stock of the group to give a key', { field: 'ownerIds' });
    return [...given].sort();
  }
  const ownerIds = [...new Set(requested)].sort();
  if (ownerIds.some((id) => !stocks.some((s) => s.id === id)))
    throw badRequest('Some stocks are not the group’s', { field: 'ownerIds' });
  const above = ownerIds.filter((id) => !given.has(id));
  if (above.length)
    throw new AppError(
      'FORBIDDEN',
      'You cannot give a key a stock you do not reach yourself',
      above.map((value) => ({ field: 'ownerIds', value })),
    );
  return ownerIds;
}
