import { describe, expect, it } from 'vitest';
import { funnelCsv } from './funnel-csv';

const counts = { sent: 3, opened: 2, engaged: 1, acted: 1 };

describe('the funnel CSV', () => {
  it('puts an apostrophe before a name a spreadsheet would run, and quotes commas', () => {
    const csv = funnelCsv(
      {
        from: '2026-11-01',
        to: '2026-11-29',
        timeZone: 'UTC',
        totals: counts,
        salespeople: [{ userId: 'u1', name: '=HYPERLINK("http://x","y")', counts }],
        stocks: [{ ownerId: 'o1', name: 'Motors, Lyon', counts }],
        weeks: [{ week: '2026-11-23', counts }],
      },
      'en',
    );
    expect(csv.startsWith('\ufeffBreakdown,Name,Sent,Opened,Engaged,Rated or called\r\n')).toBe(true);
    expect(csv).toContain('\r\nSalesperson,"\'=HYPERLINK(""http://x"",""y"")",3,2,1,1\r\n');
    expect(csv).toContain('\r\nStock,"Motors, Lyon",3,2,1,1\r\n');
    expect(csv.endsWith('\r\nWeek of,2026-11-23,3,2,1,1\r\n')).toBe(true);
  });

  it('falls back to French for another language', () => {
    expect(
      funnelCsv({ from: 'a', to: 'b', timeZone: 'UTC', totals: counts, salespeople: [], stocks: [], weeks: [] }, 'ja'),
    ).toMatch(/^\ufeffRegroupement,Nom,Envoyés,Ouverts,Engagés,Notés ou appelés\r\n/);
  });
});
