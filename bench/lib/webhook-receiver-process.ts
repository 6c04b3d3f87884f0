// The local receiver of `npm run bench -- webhooks`, in a process of its own as a dealer's system would be: it
// keeps each event's first arrival (Date.now()), counts events seen out of order per shooting and those seen twice,
// tells its parent how many it has every 50 ms, and sends the whole tally when asked.
import { startWebhookReceiver } from '../../apps/server/src/test/webhook-receiver';

const firstAt = new Map<string, number>();
const maxSeen = new Map<string, number>();
let outOfOrder = 0;
let duplicates = 0;

const receiver = await startWebhookReceiver({
  keep: false,
  status: (r) => {
    const id = String(r.headers['webhook-id']);
    if (firstAt.has(id)) return (duplicates++, 200);
    firstAt.set(id, r.at);
    const { data } = JSON.parse(r.body) as { data: { shootingId: string; n: number } };
    const max = maxSeen.get(data.shootingId) ?? -1;
    if (data.n < max) outOfOrder++;
    maxSeen.set(data.shootingId, Math.max(data.n, max));
    return 200;
  },
});
setInterval(() => process.send?.({ count: firstAt.size }), 50);
process.on('message', (m: string) => {
  if (m === 'tally') process.send?.({ tally: { firstAt: [...firstAt], outOfOrder, duplicates } });
});
process.on('disconnect', () => process.exit(0));
process.send?.({ url: receiver.url });
