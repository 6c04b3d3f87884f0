import fs from 'node:fs';
import path from 'node:path';
import { SetupCodeCheck, SetupRequest, SetupResult, SetupStatus } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { checkSetupCode, completeSetup, setupLimits, setupRequired, setupStatus } from './setup.service';

/**
 * The first run (public: nobody can sign in yet). Every route, the page included, answers 404 once a
 * provider administrator exists.
 */
export async function setupRoutes(app: App, deps: { adapters: Adapters; webDist?: string | undefined }): Promise<void> {
  const setup = { ...deps.adapters, limits: setupLimits(deps.adapters) };

  app.get('/api/setup', { schema: { response: { 200: SetupStatus } } }, async () => setupStatus(setup));

  app.post('/api/setup/code', { schema: { body: SetupCodeCheck } }, async (request, reply) => {
    await checkSetupCode(setup, request.body.code, request.ip || null);
    return reply.status(204).send();
  });

  app.post('/api/setup', { schema: { body: SetupRequest, response: { 201: SetupResult } } }, async (request, reply) =>
    reply.status(201).send(await completeSetup(setup, request.body, request.ip || null)),
  );

  // The portal renders the page; the status tells a script (and a scanner) whether there is one.
  const indexFile = deps.webDist ? path.join(deps.webDist, 'index.html') : null;
  if (indexFile && fs.existsSync(indexFile)) {
    const index = fs.readFileSync(indexFile);
    app.get('/setup', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .status((await setupRequired(deps.adapters)) ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html')
        .send(index),
    );
  }
}
