import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdapters } from '../test/test-adapters';
import type { MailMessage } from './mail/mail-sender';
import { recordedMailSender, type Transport } from './outbox';

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
});
