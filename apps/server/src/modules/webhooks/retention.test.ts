import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { seedAccounts } from '../../seed/seed-accounts';
import { addWebhookEndpoint } from './webhooks.fixtures';
import { pruneWebhooks } from './retention.service';
import { emitWebhookEvent } from './webhook-events.service';

describe('webhooks.prune', () => {
  const clock = new TestClock('2026-10-01T10:00:00.000Z');
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  beforeAll(async () => {
    adapters = await createTestAdapters({ WEBHOOKS_RETENTION_DAYS: '30' }, { clock });
    await seedAccounts(adapters);
    await addWebhookEndpoint(adapters.db, {
      id: 'ep-prune',
      url: 'https://hooks.example.com/x',
      createdAt: clock.now().toISOString(),
    });
  });
  afterAll(() => adapters?.cleanup());

  const emit = (n: number) =>
    adapters.db.transaction().execute(
      async (trx) =>
        (await emitWebhookEvent(
          adapters,
          trx,
          {
            type: 'shooting.created',
            groupId: 'grp-demo',
            streamKey: 'shooting-1',
            data: { n },
          },
          { queue: false },
        ))!,
    );

  it('removes events and their log past the retention, keeping what is recent or still to send', async () => {
    const old = await emit(1);
    const oldPending = await emit(2);
    clock.advance(20 * 24 * 3600_000);
    const recent = await emit(3);
    await adapters.db
      .updateTable('webhook_deliveries')
      .set({ status: 'delivered' })
      .where('id', 'in', [...old.deliveryIds, ...recent.deliveryIds])
      .execute();
    await adapters.db
      .insertInto('webhook_attempts')
      .values({
        id: 'att-1',
        delivery_id: old.deliveryIds[0]!,
        at: clock.now().toISOString(),
        status: 200,
        duration_ms: 3,
        response: 'ok',
      })
      .execute();
    clock.advance(11 * 24 * 3600_000);

    expect(await pruneWebhooks(adapters)).toEqual({ deliveries: 1, events: 1 });
    const events = (await adapters.db.selectFrom('webhook_events').select('id').execute()).map((e) => e.id);
    expect(events.sort()).toEqual([oldPending.eventId, recent.eventId].sort());
    expect(await adapters.db.selectFrom('webhook_attempts').selectAll().execute()).toEqual([]);
    expect(await pruneWebhooks(adapters)).toEqual({ deliveries: 0, events: 0 });
  });
});
