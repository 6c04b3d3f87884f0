import type { ServerModule } from '../module';

/** E-mail and SMS sending (spec section 7) and the outbox page's list. */
export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: async (app, { adapters, auth }) =>
    (await import('./notifications.routes')).notificationRoutes(app, adapters, auth),
};
