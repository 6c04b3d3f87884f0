import { ReportListResponse, ReportQuery, ReportResponse, ShootingPathParams } from '@forecourt/contracts';
import type { App } from '../../app-types';
import { currentUser, type Auth } from '../identity/auth';
import { getReport, type ReportDeps } from './reports.service';

const SHOOTING = '/api/owners/:ownerId/products/:productId/shootings/:shootingId';

/** The report availability and download calls of spec section 7; empty data is the portal's NO_PDF. */
export async function reportRoutes(app: App, deps: ReportDeps & { auth: Auth }): Promise<void> {
  const preHandler = deps.auth.requireUser;
  const schema = { params: ShootingPathParams, querystring: ReportQuery };

  app.get(
    `${SHOOTING}/vhc/report`,
    { preHandler, schema: { ...schema, response: { 200: ReportResponse } } },
    async (request) => ({
      data: await getReport(deps, currentUser(request), request.params, 'VHC', request.query.locale),
    }),
  );
  app.get(
    `${SHOOTING}/damages/reports`,
    { preHandler, schema: { ...schema, response: { 200: ReportListResponse } } },
    async (request) => {
      const report = await getReport(deps, currentUser(request), request.params, 'DAMAGES', request.query.locale);
      return { data: report ? [report] : [] };
    },
  );
  app.get(
    `${SHOOTING}/trade-in-offers/reports`,
    { preHandler, schema: { ...schema, response: { 200: ReportResponse } } },
    async (request) => ({
      data: await getReport(deps, currentUser(request), request.params, 'TRADE_IN', request.query.locale),
    }),
  );
}
