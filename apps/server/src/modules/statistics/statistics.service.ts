import type { PlayerSharedStatistic } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { notFound } from '../../platform/errors';
import type { UserContext } from '../identity/identity.repo';
import { refInScope } from '../players/players.repo';
import { insertEvent } from './statistics.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

export function createStatisticsService(deps: Deps) {
  return {
    /** Records that the caller shared a player of one of their shootings by e-mail or SMS. */
    async playerShared(user: UserContext, userId: string, ref: string, input: PlayerSharedStatistic): Promise<void> {
      if (userId !== user.id || !(await refInScope(deps.db, ref, user.ownerIds))) throw notFound('Player');
      await insertEvent(deps.db, {
        id: deps.ids.uuid(),
        userId: user.id,
        kind: 'PLAYER_SHARED',
        subject: ref,
        payload: input,
        now: deps.clock.now().toISOString(),
      });
    },
  };
}
