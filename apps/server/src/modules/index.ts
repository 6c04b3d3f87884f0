import type { App } from '../app-types';
import type { Adapters } from '../platform/adapters';
import { authenticateFirst } from './identity/auth';
import { createIdentityAuth } from './identity/identity-auth';
import type { ModuleContext } from './module';
import { serverModules } from './server-modules';

/** Registers every module's routes on the app, each given the same context. */
export async function registerModules(
  app: App,
  adapters: Adapters,
  opts: Pick<ModuleContext, 'workerReady' | 'webDist' | 'metrics'>,
): Promise<void> {
  // Authentication runs before body validation on every protected route: an anonymous caller learns
  // nothing of the schemas.
  app.addHook('onRoute', authenticateFirst);
  const ctx: ModuleContext = { adapters, auth: await createIdentityAuth(adapters), dependencies: new Map(), ...opts };
  for (const module of serverModules) await module.routes?.(app, ctx);
}
