import type { ServerModule } from '../module';
import { FrameVariants } from './frame-variants';
import { playersJobs } from './players.jobs';

/** Player references, the public player and its ratings. */
export const playersModule: ServerModule = {
  name: 'players',
  routes: async (app, { adapters, auth, webDist }) => {
    const [{ getOrCreateSecret }, { playerLimits }, { playerReferenceRoutes }, { publicPlayerRoutes }] =
      await Promise.all([
        import('../../platform/secrets'),
        import('./players.service'),
        import('./players.routes'),
        import('./public-player.routes'),
      ]);
    const players = {
      ...adapters,
      variants: new FrameVariants(adapters),
      limits: playerLimits(adapters),
      visitorSecret: await getOrCreateSecret(adapters.db, 'player-visitors'),
    };
    await playerReferenceRoutes(app, { auth, players });
    await publicPlayerRoutes(app, { players, webDist });
  },
  jobs: (adapters) => Object.values(playersJobs(adapters)),
};
