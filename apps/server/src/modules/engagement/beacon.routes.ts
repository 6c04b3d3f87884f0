import { BEACON_MAX_BYTES, BEACON_PATH, BeaconBatch } from '@forecourt/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../../app-types';
import { badRequest } from '../../platform/errors';
import { ingestBeacon, type BeaconDeps } from './beacon.service';

/**
 * The player's beacon: public, first-party, a batch of at most BEACON_MAX_BYTES. navigator.sendBeacon
 * posts a string as text/plain (a JSON Blob would need a CORS preflight it cannot make), so this route
 * reads text/plain as JSON too. The answer is 204 whatever was recorded, so a forger learns nothing.
 */
export async function beaconRoutes(app: App, deps: BeaconDeps): Promise<void> {
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BEACON_MAX_BYTES }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('The report is not JSON'));
      }
    });
    scope.post(
      BEACON_PATH,
      { bodyLimit: BEACON_MAX_BYTES, schema: { body: BeaconBatch, hide: true } },
      async (request, reply) => {
        await ingestBeacon(deps, request.body, { address: request.ip, gpc: request.headers['sec-gpc'] === '1' });
        return reply.status(204).send();
      },
    );
  });
}
