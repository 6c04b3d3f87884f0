import { describe, expect, it } from 'vitest';
import { healthCheckTotals } from './inspection-totals';

describe('healthCheckTotals', () => {
  it('adds parts and labour per light and counts only red and amber work as proposed', () => {
    const totals = healthCheckTotals([
      { rating: 'RED', decision: 'ACCEPTED', partsPriceCents: 10_000, labourPriceCents: 5_000 },
      { rating: 'RED', decision: 'DECLINED', partsPriceCents: 2_000, labourPriceCents: 1_000 },
      { rating: 'AMBER', decision: 'PENDING', partsPriceCents: 4_000, labourPriceCents: 0 },
      { rating: 'GREEN', decision: 'ACCEPTED', partsPriceCents: 900, labourPriceCents: 100 },
    ]);
    expect(totals.RED).toEqual({ count: 2, totalCents: 18_000 });
    expect(totals.AMBER).toEqual({ count: 1, totalCents: 4_000 });
    expect(totals.GREEN).toEqual({ count: 1, totalCents: 1_000 });
    expect(totals.proposedCents).toBe(22_000);
    expect(totals.acceptedCents).toBe(15_000);
    expect(totals.declinedCents).toBe(3_000);
    expect(totals.pendingCents).toBe(4_000);
  });
});
