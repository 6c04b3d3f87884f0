import type { ServerModule } from '../module';

/**
 * Personal player links (issue 31, point 1): a recipient token per e-mail or SMS share and per copied link.
 * Apart from engagement so that notifications, whose sends make links personal, depend on it without a loop
 * (engagement's "Call now" sends through notifications).
 */
export const recipientsModule: ServerModule = {
  name: 'recipients',
  routes: async (app, { adapters, auth }) =>
    (await import('./recipients.routes')).recipientRoutes(app, { adapters, auth }),
};
