import type { ServerModule } from '../module';

/** The user board: a dealer group's managers invite, edit, deactivate and import their users. */
export const usersModule: ServerModule = {
  name: 'users',
  routes: async (app, { adapters, auth }) => {
    const { userBoardRoutes } = await import('./user-board.routes');
    const { db, mail, clock, ids, config } = adapters;
    await userBoardRoutes(app, { auth, board: { db, mail, clock, ids, config } });
  },
};
