import type { ServerModule } from '../module';

/** The developer service: plate detection (cropping processes are registered by the editing module). */
export const visionModule: ServerModule = {
  name: 'vision',
  routes: async (app, { adapters, auth }) => (await import('./vision.routes')).visionRoutes(app, { adapters, auth }),
};
