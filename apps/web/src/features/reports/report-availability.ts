import type { Report } from '@forecourt/contracts';

/** The states of a report button (spec section 6): READY downloads, ERROR and NO_PDF disable it. */
export type ReportAvailability =
  { state: 'LOADING' } | { state: 'ERROR' } | { state: 'NO_PDF' } | { state: 'READY'; report: Report };

export function reportAvailability(query: {
  isPending: boolean;
  isError: boolean;
  data: Report | null | undefined;
}): ReportAvailability {
  if (query.isPending) return { state: 'LOADING' };
  if (query.isError) return { state: 'ERROR' };
  return query.data ? { state: 'READY', report: query.data } : { state: 'NO_PDF' };
}

/**
 * How a disabled state says why (spec section 8): a failed check is an error message when the page opens;
 * a report that does not exist (a trade-in without its PDF) is normal, so only its button's tooltip tells.
 */
export function availabilityNotice(state: ReportAvailability['state']): {
  snackbar?: { key: string; severity: 'error' };
  tooltip?: string;
} {
  if (state === 'ERROR') return { snackbar: { key: 'api.commonError', severity: 'error' } };
  if (state === 'NO_PDF') return { tooltip: 'api.noPdfFileFound' };
  return {};
}
