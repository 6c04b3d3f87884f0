import { describe, expect, it } from 'vitest';
import { camelRow, snakeRow } from './camel-rows';

describe('camelRow and snakeRow', () => {
  it('rename every column both ways and keep the values', () => {
    const row = { id: 'd1', shooting_id: 's1', estimated_cost_cents: 250, spot_x: null, created_at: 't' };
    const camel = camelRow(row);
    expect(camel).toEqual({ id: 'd1', shootingId: 's1', estimatedCostCents: 250, spotX: null, createdAt: 't' });
    expect(snakeRow<typeof row>(camel)).toEqual(row);
  });
});
