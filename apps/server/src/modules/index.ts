import type { App } from '../app-types';
import type { Adapters } from '../platform/adapters';
import { authenticateFirst } from './identity/auth';
import { apiKeyCallers } from './api-keys/api-key-callers';
import { federatedSignIn } from './federation/federated-sign-in.service';
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
  // Modules built on identity add to its checks: a dealer group's API key stands for a caller (api-keys), and
  // fresh tokens of external providers create just-in-time accounts and set claim-mapped roles first (federation).
  const auth = await createIdentityAuth(adapters, {
    keys: apiKeyCallers(adapters),
    externalSignIn: (input) => federatedSignIn(adapters, input),
  });
  const ctx: ModuleContext = { adapters, auth, dependencies: new Map(), ...opts };
  for (const module of serverModules) await module.routes?.(app, ctx);
}
