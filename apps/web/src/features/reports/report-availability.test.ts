import { describe, expect, it } from 'vitest';
import { availabilityNotice, reportAvailability } from './report-availability';

const report = { id: 'r', kind: 'VHC', locale: 'fr', pdfUrl: '/blobs/x.pdf', created: '', updated: '' } as const;

describe('reportAvailability', () => {
  it('is ERROR when the check failed, NO_PDF on empty data and READY with a report', () => {
    expect(reportAvailability({ isPending: true, isError: false, data: undefined }).state).toBe('LOADING');
    expect(reportAvailability({ isPending: false, isError: true, data: undefined }).state).toBe('ERROR');
    expect(reportAvailability({ isPending: false, isError: false, data: null }).state).toBe('NO_PDF');
    expect(reportAvailability({ isPending: false, isError: false, data: report })).toEqual({ state: 'READY', report });
  });

  it('shows a message on load only for a failed check; a missing report says so in its tooltip', () => {
    expect(availabilityNotice('ERROR')).toEqual({ snackbar: { key: 'api.commonError', severity: 'error' } });
    expect(availabilityNotice('NO_PDF')).toEqual({ tooltip: 'api.noPdfFileFound' });
    expect(availabilityNotice('READY')).toEqual({});
    expect(availabilityNotice('LOADING')).toEqual({});
  });
});
