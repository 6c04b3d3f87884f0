import {
  PlayerInfo,
  PlayerLinkSettings,
  PlayerLinkSettingsBody,
  PlayerReferenceParams,
  PlayerReferenceQuery,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Auth } from '../identity/auth';
import { currentUser } from '../identity/auth';
import { getLinkSettings, saveLinkSettings } from './link-settings.service';
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
      getReference(
        deps.players,
        currentUser(request),
        request.params.id,
        request.params.marketplace,
        request.query.urlshortened === 'true',
      ),
  );

  // What the link's player shows beyond the pictures: damages as hotspots, edited pictures labelled.
  const settings = '/api/shootings/:id/marketplaces/:marketplace/settings';
  app.get(
    settings,
    {
      preHandler: deps.auth.requireUser,
      schema: { params: PlayerReferenceParams, response: { 200: PlayerLinkSettings } },
    },
    async (request) =>
      getLinkSettings(deps.players, currentUser(request), request.params.id, request.params.marketplace),
  );
  app.put(
    settings,
    {
      preHandler: deps.auth.requireUser,
      schema: { params: PlayerReferenceParams, body: PlayerLinkSettingsBody, response: { 200: PlayerLinkSettings } },
    },
    async (request) =>
      saveLinkSettings(deps.players, currentUser(request), request.params.id, request.params.marketplace, request.body),
  );
}
