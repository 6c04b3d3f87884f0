import type { CustomerDecision, HealthCheckTotals, HealthRating } from '@forecourt/contracts';

interface PricedItem {
  rating: HealthRating;
  decision: CustomerDecision;
  partsPriceCents: number;
  labourPriceCents: number;
}

/**
 * Totals of a health check per traffic light and per customer decision. Green items need no work, so
 * only red and amber work counts as proposed, accepted, declined or pending.
 */
export function healthCheckTotals(items: readonly PricedItem[]): HealthCheckTotals {
  const totals: HealthCheckTotals = {
    RED: { count: 0, totalCents: 0 },
    AMBER: { count: 0, totalCents: 0 },
    GREEN: { count: 0, totalCents: 0 },
    proposedCents: 0,
    acceptedCents: 0,
    declinedCents: 0,
    pendingCents: 0,
  };
  for (const item of items) {
    const price = item.partsPriceCents + item.labourPriceCents;
    totals[item.rating].count += 1;
    totals[item.rating].totalCents += price;
    if (item.rating === 'GREEN') continue;
    totals.proposedCents += price;
    if (item.decision === 'ACCEPTED') totals.acceptedCents += price;
    else if (item.decision === 'DECLINED') totals.declinedCents += price;
    else totals.pendingCents += price;
  }
  return totals;
}
