import type { ServerModule } from '../module';

/** API keys of a dealer group (issue 32 point 1): the settings' key routes; identity's auth resolves the keys. */
export const apiKeysModule: ServerModule = {
  name: 'api-keys',
  routes: async (app, { adapters, auth }) => {
    await (await import('./api-keys.routes')).apiKeyRoutes(app, { adapters, auth });
  },
};
