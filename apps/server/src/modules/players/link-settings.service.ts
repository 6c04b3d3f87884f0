import type { PlayerLinkSettings, PlayerLinkSettingsBody } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { UserContext } from '../identity/user-context';
import { requireShooting } from '../shootings/shooting-scope.service';
import * as repo from './players.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** Both off before any choice (the link does not exist yet). */
const view = (settings: PlayerLinkSettings | undefined): PlayerLinkSettings =>
  settings ?? { showDamages: false, showEditedLabels: false };

/** What the dealer chose for the shooting's link on a marketplace; both off before any choice. */
export async function getLinkSettings(
  deps: Deps,
  user: UserContext,
  shootingId: string,
  marketplace: string,
): Promise<PlayerLinkSettings> {
  await requireShooting(deps.db, user, { shootingId });
  return view(await repo.findLinkSettings(deps.db, shootingId, marketplace));
}

/** Saves the dealer's choices for the link (made now when it does not exist yet); what is left out keeps its value. */
export async function saveLinkSettings(
  deps: Deps,
  user: UserContext,
  shootingId: string,
  marketplace: string,
  body: PlayerLinkSettingsBody,
): Promise<PlayerLinkSettings> {
  await requireShooting(deps.db, user, { shootingId });
  await repo.saveLinkSettings(
    deps.db,
    { shootingId, marketplace, newRef: deps.ids.token(), userId: user.id, now: deps.clock.now().toISOString() },
    body,
  );
  return view(await repo.findLinkSettings(deps.db, shootingId, marketplace));
}
