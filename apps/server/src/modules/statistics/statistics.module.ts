import type { App } from '../../app';
import type { Adapters } from '../../platform/adapters';
import type { Auth } from '../identity/auth';
import { statisticsRoutes } from './statistics.routes';

/** Shares recorded by the portal and the figures of the statistics screen. */
export const statisticsModule = {
  name: 'statistics',
  routes: (app: App, ctx: { adapters: Adapters; auth: Auth }) => statisticsRoutes(app, ctx.adapters, ctx.auth),
};
