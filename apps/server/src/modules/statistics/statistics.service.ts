import type { PlayerSharedStatistic } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/identity.repo';
import { playerRefInScope } from '../players/players.service';
import { insertEvent } from './statistics.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** Records that the caller shared a player of one of their shootings by e-mail or SMS. */
export async function recordPlayerShared(deps: Deps, user: UserContext, userId: string, ref: string, input: PlayerSharedStatistic): Promise<void> {
  if (userId !== user.id || !(await playerRefInScope(deps, user, ref))) throw notFound('Player');
  await insertEvent(deps.db, {
    id: deps.ids.uuid(),
    userId: user.id,
    kind: 'PLAYER_SHARED',
    subject: ref,
    payload: input,
    now: deps.clock.now().toISOString(),
  });
}
