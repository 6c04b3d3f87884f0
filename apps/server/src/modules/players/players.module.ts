import type { App } from '../../app';
import type { Adapters } from '../../platform/adapters';
import { getOrCreateSecret } from '../../platform/secrets';
import type { Auth } from '../identity/auth';
import { playersJobs } from './players.jobs';
import { playerReferenceRoutes } from './players.routes';
import { createPlayersService } from './players.service';
import { publicPlayerRoutes } from './public-player.routes';

/** Player references, the public player and its ratings. */
export async function playersModule(
  app: App,
  adapters: Adapters,
  auth: Auth,
  opts: { webDist?: string } = {},
): Promise<void> {
  const players = createPlayersService({
    ...adapters,
    jobs: playersJobs(adapters),
    visitorSecret: await getOrCreateSecret(adapters.db, 'player-visitors'),
  });
  await playerReferenceRoutes(app, { auth, players });
  await publicPlayerRoutes(app, { players, webDist: opts.webDist });
}
