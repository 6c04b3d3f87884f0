import {
  GroupParams,
  ImageUpload,
  SettingsStock,
  SettingsStocksResponse,
  StockImageParams,
  StockInput,
  StockImportBody,
  StockImportQuery,
  StockImportResult,
  StockParams,
  STOCK_IMPORT_MAX_CHARS,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import { IMAGE_BODY_LIMIT } from './image-upload';
import { importStocks } from './stock-import.service';
import { createSettingsStock, listSettingsStocks, setSettingsStockImage, updateSettingsStock } from './stocks.service';

/** /api/settings/groups/:groupId/stocks: a group's stocks (owners), their card, logo and plate cover. */
export async function stockRoutes(app: App, { adapters, auth }: { adapters: Adapters; auth: Auth }): Promise<void> {
  const pre = { preHandler: auth.requireUser };
  const base = '/api/settings/groups/:groupId/stocks';

  app.get(base, { ...pre, schema: { params: GroupParams, response: { 200: SettingsStocksResponse } } }, async (req) =>
    listSettingsStocks(adapters, currentUser(req), req.params.groupId),
  );
  app.post(
    base,
    { ...pre, schema: { params: GroupParams, body: StockInput, response: { 201: SettingsStock } } },
    async (req, reply) => {
      const user = currentUser(req);
      const stock = await createSettingsStock(adapters, user, req.params.groupId, req.body, auditContextOf(req, user));
      return reply.status(201).send(stock);
    },
  );
  app.post(
    `${base}/import`,
    {
      ...pre,
      // The file's text, JSON-escaped, may be a little over its character limit.
      bodyLimit: 2 * STOCK_IMPORT_MAX_CHARS,
      schema: {
        params: GroupParams,
        querystring: StockImportQuery,
        body: StockImportBody,
        response: { 200: StockImportResult },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const { dryRun } = req.query;
      return importStocks(adapters, user, req.params.groupId, req.body.csv, { dryRun }, auditContextOf(req, user));
    },
  );
  app.put(
    `${base}/:ownerId`,
    { ...pre, schema: { params: StockParams, body: StockInput, response: { 200: SettingsStock } } },
    async (req) => {
      const user = currentUser(req);
      const { groupId, ownerId } = req.params;
      return updateSettingsStock(adapters, user, groupId, ownerId, req.body, auditContextOf(req, user));
    },
  );
  app.put(
    `${base}/:ownerId/:image`,
    {
      ...pre,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: StockImageParams, body: ImageUpload, response: { 200: SettingsStock } },
    },
    async (req) => {
      const user = currentUser(req);
      const { groupId, ownerId, image } = req.params;
      return setSettingsStockImage(adapters, user, groupId, ownerId, image, req.body, auditContextOf(req, user));
    },
  );
}
