import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdapters } from '../test/test-adapters';
import type { MailMessage } from './mail/mail-sender';
import { outboxMailSender, recordedMailSender, type Transport } from './outbox';

const message: MailMessage = {
  to: 'buyer@example.test',
  subject: 'Your car',
  text: 'Hello',
  html: '<p>Hello</p>',
  origin: { userId: null, groupId: 'group-1' },
};

describe('recordedMailSender', () => {
  let adapters: Awaited<ReturnType<typeof createTestAdapters>>;
  beforeAll(async () => {
    adapters = await createTestAdapters();
  });
  afterAll(() => adapters.cleanup());

  const rows = () =>
    adapters.db
      .selectFrom('notifications_outbox')
      .select(['status', 'transport_id', 'error', 'sent_at'])
      .where('group_id', '=', 'group-1')
      .execute();

  it('records one row per attempt outcome, the same success only once, and rethrows a failure', async () => {
    const answers: (string | Error)[] = [new Error('421 Try again later'), 'id-1', 'id-1', 'id-2'];
    const transport: Transport<MailMessage> = {
      driver: 'smtp',
      send: () => {
        const next = answers.shift();
        return next instanceof Error ? Promise.reject(next) : Promise.resolve({ transportId: next ?? null });
      },
    };
    const sender = recordedMailSender(adapters, transport);
    await expect(sender.send(message)).rejects.toThrow('421 Try again later');
    await sender.send(message);
    await sender.send(message); // the transport reports the same message again: no second SENT row
    await sender.send(message);
    expect((await rows()).map((r) => [r.status, r.transport_id, r.error, r.sent_at !== null]).sort()).toEqual([
      ['FAILED', null, '421 Try again later', false],
      ['SENT', 'id-1', null, true],
      ['SENT', 'id-2', null, true],
    ]);
  });

  it('sends a job’s message once per dedupe key: a failure is retried, a success or a kept message is not sent again', async () => {
    const job = { ...message, origin: { userId: null, groupId: 'group-2' }, dedupeKey: 'job-42:buyer@example.test' };
    const answers: (string | Error)[] = [new Error('421 Try again later'), 'id-42', 'id-43'];
    let sends = 0;
    const sender = recordedMailSender(adapters, {
      driver: 'smtp',
      send: () => {
        sends++;
        const next = answers.shift()!;
        return next instanceof Error ? Promise.reject(next) : Promise.resolve({ transportId: next });
      },
    });
    await expect(sender.send(job)).rejects.toThrow('421');
    await sender.send(job);
    await sender.send(job);
    expect(sends).toBe(2);
    // The embedded driver keeps one row per key as well.
    const kept = { ...job, dedupeKey: 'job-43:buyer@example.test' };
    await outboxMailSender(adapters).send(kept);
    await outboxMailSender(adapters).send(kept);
    const rows = await adapters.db
      .selectFrom('notifications_outbox')
      .select(['status', 'transport_id', 'dedupe_key'])
      .where('group_id', '=', 'group-2')
      .orderBy('created_at')
      .orderBy('status')
      .execute();
    expect(rows.map((r) => [r.status, r.transport_id, r.dedupe_key]).sort()).toEqual([
      ['FAILED', null, null],
      ['OUTBOX', null, 'job-43:buyer@example.test'],
      ['SENT', 'id-42', 'job-42:buyer@example.test'],
    ]);
  });
});
