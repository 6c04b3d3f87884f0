import type { Report } from '@forecourt/contracts';

/** The states of a report button (spec section 6): READY downloads, ERROR and NO_PDF disable it. */
export type ReportAvailability = { state: 'LOADING' } | { state: 'ERROR' } | { state: 'NO_PDF' } | { state: 'READY'; report: Report };

export function reportAvailability(query: { isPending: boolean; isError: boolean; data: Report | null | undefined }): ReportAvailability {
  if (query.isPending) return { state: 'LOADING' };
  if (query.isError) return { state: 'ERROR' };
  return query.data ? { state: 'READY', report: query.data } : { state: 'NO_PDF' };
}

/** The message each disabled state shows (spec section 8). */
export const AVAILABILITY_MESSAGE = {
  ERROR: { key: 'api.commonError', severity: 'error' },
  NO_PDF: { key: 'api.noPdfFileFound', severity: 'info' },
} as const;
