import type { ServerModule } from '../module';

/** One page per vehicle: a registration's shootings, inspections, player links and live meetings as one timeline. */
export const vehiclesModule: ServerModule = {
  name: 'vehicles',
  routes: async (app, { adapters, auth }) => (await import('./vehicles.routes')).vehicleRoutes(app, { adapters, auth }),
};
