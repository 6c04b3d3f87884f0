import { z } from 'zod';
import { CATALOGUE_LANGUAGES } from './catalogue';

export const REPORT_KINDS = ['DAMAGES', 'VHC', 'TRADE_IN'] as const;
export const ReportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKind>;

/** A report is printed in any of the catalogue's ten languages. */
export const REPORT_LOCALES = CATALOGUE_LANGUAGES;
export const ReportLocale = z.enum(REPORT_LOCALES);
export type ReportLocale = z.infer<typeof ReportLocale>;

/** A generated PDF (spec section 3): `pdfUrl` is a signed, expiring download link. */
export const Report = z.object({
  id: z.string(),
  kind: ReportKind,
  locale: ReportLocale,
  pdfUrl: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type Report = z.infer<typeof Report>;

/**
 * `GET .../vhc/report` and `GET .../trade-in-offers/reports`: `data` is null when there is nothing to
 * report (the portal's NO_PDF state).
 */
export const ReportResponse = z.object({ data: Report.nullable() });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** `GET .../damages/reports`: the first item carries `pdfUrl`; an empty list is NO_PDF. */
export const ReportListResponse = z.object({ data: z.array(Report) });
export type ReportListResponse = z.infer<typeof ReportListResponse>;

/** The language of the report; the portal sends its current language, else the user's own is used. */
export const ReportQuery = z.object({ locale: ReportLocale.optional() });
