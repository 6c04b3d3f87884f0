import type { App } from '../app-types';
import type { Adapters } from '../platform/adapters';
import { authenticateFirst } from './identity/auth';
import { apiKeyCallers } from './api-keys/api-key-callers';
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
  // A dealer group's API key stands for a caller too: api-keys check it, identity's auth asks them.
  const auth = await createIdentityAuth(adapters, apiKeyCallers(adapters));
  const ctx: ModuleContext = { adapters, auth, dependencies: new Map(), ...opts };
  for (const module of serverModules) await module.routes?.(app, ctx);
}
