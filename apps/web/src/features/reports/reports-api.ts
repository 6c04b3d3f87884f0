import {
  ReportListResponse,
  ReportResponse,
  shootingApiPath,
  type Report,
  type ReportKind,
} from '@forecourt/contracts';
import { request } from '../../api/http';
import type { ShootingKey } from '../../lib/shooting-key';

/** The report calls of spec section 7, one path per kind. */
const REPORT_PATH: Record<ReportKind, string> = {
  VHC: '/vhc/report',
  DAMAGES: '/damages/reports',
  TRADE_IN: '/trade-in-offers/reports',
};

/** The report of one kind in the portal's language, or null when there is nothing to report (NO_PDF). */
export async function fetchReport(kind: ReportKind, key: ShootingKey, locale: string): Promise<Report | null> {
  const path = `/api${shootingApiPath(key)}${REPORT_PATH[kind]}`;
  const query = { locale };
  if (kind === 'DAMAGES') {
    const res = await request(path, { query, schema: ReportListResponse });
    return res.data[0] ?? null;
  }
  return (await request(path, { query, schema: ReportResponse })).data;
}
