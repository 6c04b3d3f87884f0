import { PlayerInfo, PlayerReferenceParams, PlayerReferenceQuery } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Auth } from '../identity/auth';
import { currentUser } from '../identity/auth';
import { getReference, type PlayersDeps } from './players.service';

/** The signed-in side of players: a shooting's reference for a marketplace (spec section 7). */
export async function playerReferenceRoutes(app: App, deps: { auth: Auth; players: PlayersDeps }): Promise<void> {
  app.get(
    '/api/shootings/:id/marketplaces/:marketplace',
    {
      preHandler: deps.auth.requireUser,
      schema: {
        params: PlayerReferenceParams,
        querystring: PlayerReferenceQuery,
        response: { 200: PlayerInfo },
      },
    },
    async (request) =>
      getReference(deps.players, currentUser(request), request.params.id, request.params.marketplace, request.query.urlshortened === 'true'),
  );
}
