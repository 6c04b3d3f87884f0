import type { ServerModule } from '../module';

/** Products: available products, virtual products, the photo workflow. */
export const productsModule: ServerModule = {
  name: 'products',
  routes: async (app, { adapters, auth }) => (await import('./products.routes')).productRoutes(app, { adapters, auth }),
};
