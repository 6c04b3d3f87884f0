import type { Adapters } from '../../platform/adapters';
import type { WebhookPost } from '../../platform/webhooks/webhook-http';
import { signatureHeader } from './signature';
import { queueStream } from './webhook-events.service';
import { endpointDisabledMail } from './webhook-mail';
import {
  findEndpoint,
  groupManagers,
  headIsDue,
  recordAttempt,
  releaseStream,
  renewStream,
  streamHead,
  streamHold,
  takeStream,
  updateEndpoint,
  type EndpointRow,
} from './webhooks.repo';

export type DeliveryDeps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'queue' | 'mail' | 'config'> & { post: WebhookPost };

/** How long a worker holds a stream before another may take it over (it renews while it works). */
const HOLD_MS = 30_000;
/** Retries for this long after a delivery first failed; then the endpoint is disabled. */
export const RETRY_FOR_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 2 * 3600_000;

/** The delay before attempt n+1 after n failures: 5 s, 10 s, 20 s… doubling, at most 2 h. */
export const retryDelay = (failures: number): number => Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS);

const iso = (ms: number) => new Date(ms).toISOString();

/** The secrets a request is signed with: the current one, and the previous one while its rotation overlap lasts. */
export const signingSecrets = (e: EndpointRow, now: Date): string[] =>
  e.previous_secret && e.previous_secret_until && Date.parse(e.previous_secret_until) > now.getTime()
    ? [e.secret, e.previous_secret]
    : [e.secret];

/** The Standard Webhooks headers of one attempt. */
export function requestHeaders(e: EndpointRow, eventId: string, body: string, now: Date): Record<string, string> {
  const ts = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Forecourt-Webhooks/1',
    'webhook-id': eventId,
    'webhook-timestamp': String(ts),
    'webhook-signature': signatureHeader(signingSecrets(e, now), eventId, ts, body),
  };
}

/** One attempt of one delivery, logged; answers whether the receiver took it (2xx). */
export async function attemptDelivery(
  deps: DeliveryDeps,
  endpoint: EndpointRow,
  d: { id: string; event_id: string; body: string; attempts: number; first_failed_at: string | null },
  opts: { retry: boolean },
): Promise<{ ok: boolean; nextAttemptAt: string | null; gaveUp: boolean }> {
  const now = deps.clock.now();
  const headers = requestHeaders(endpoint, d.event_id, d.body, now);
  const res = await deps.post(endpoint.url, headers, d.body, { allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE });
  const ok = res.status !== null && res.status >= 200 && res.status < 300;
  const at = deps.clock.now();
  const firstFailed = d.first_failed_at ?? at.toISOString();
  const deadline = Date.parse(firstFailed) + RETRY_FOR_MS;
  const gaveUp = !ok && (!opts.retry || at.getTime() >= deadline);
  const nextAttemptAt = ok || gaveUp ? null : iso(Math.min(at.getTime() + retryDelay(d.attempts + 1), deadline));
  await recordAttempt(
    deps.db,
    d.id,
    {
      request_headers: JSON.stringify(headers),
      ...(ok
        ? { status: 'delivered', delivered_at: at.toISOString() }
        : gaveUp
          ? { status: 'failed', first_failed_at: firstFailed }
          : { next_attempt_at: nextAttemptAt!, first_failed_at: firstFailed }),
    },
    {
      id: deps.ids.uuid(),
      delivery_id: d.id,
      at: at.toISOString(),
      status: res.status,
      duration_ms: res.durationMs,
      response: res.body,
    },
  );
  return { ok, nextAttemptAt, gaveUp };
}

/** Disables an endpoint that failed for 24 h and tells the group's managers by e-mail. */
async function disableEndpoint(deps: DeliveryDeps, endpoint: EndpointRow): Promise<void> {
  const reason = `No delivery accepted for 24 hours (since ${deps.clock.now().toISOString()})`;
  await updateEndpoint(deps.db, endpoint.id, { enabled: 0, disabled_reason: reason });
  for (const m of await groupManagers(deps.db, endpoint.group_id))
    await deps.mail.send({
      ...endpointDisabledMail(
        m.locale,
        endpoint.url,
        `${deps.config.PUBLIC_URL}/settings/webhooks?group=${endpoint.group_id}`,
      ),
      to: m.email,
      origin: { userId: null, groupId: endpoint.group_id },
    });
}

/**
 * `webhooks.deliver`: sends a stream's pending deliveries to the endpoint in order, one at a time, while it holds
 * the stream. A failure stops the stream there (what follows waits: order per shooting) and queues its retry. A
 * worker that finds the stream held queues a look for when the hold ends, so a holder that died loses nothing.
 */
export async function drainWebhookStream(
  deps: DeliveryDeps,
  s: { endpointId: string; streamKey: string },
  holder: string,
): Promise<void> {
  const { db, clock } = deps;
  for (;;) {
    const now = clock.now();
    const taken = await takeStream(db, { ...s, holder, until: iso(now.getTime() + HOLD_MS), now: now.toISOString() });
    if (!taken) {
      const hold = await streamHold(db, s.endpointId, s.streamKey);
      if (hold?.holder) {
        const at = Date.parse(hold.held_until) + 100;
        await queueStream(
          deps,
          [{ ...s, key: `webhooks.deliver:${s.endpointId}:${s.streamKey}:${hold.holder}:${hold.held_until}` }],
          {
            runAt: new Date(at),
          },
        );
      }
      return;
    }
    let open: boolean;
    try {
      open = await sendDue(deps, s, holder);
    } finally {
      await releaseStream(db, s.endpointId, s.streamKey, holder, clock.now().toISOString());
    }
    // A delivery written while the stream was held, whose own job found it held and left it to us.
    if (!open || !(await headIsDue(db, s.endpointId, s.streamKey, clock.now().toISOString()))) return;
  }
}

/** Sends the stream's due deliveries in order; false when the endpoint is gone or disabled (nothing more to send). */
async function sendDue(
  deps: DeliveryDeps,
  s: { endpointId: string; streamKey: string },
  holder: string,
): Promise<boolean> {
  const endpoint = await findEndpoint(deps.db, s.endpointId);
  if (!endpoint || !endpoint.enabled) return false;
  let heldUntil = deps.clock.now().getTime() + HOLD_MS;
  for (;;) {
    const head = await streamHead(deps.db, s.endpointId, s.streamKey);
    if (!head) return true;
    const now = deps.clock.now().getTime();
    if (Date.parse(head.next_attempt_at) > now) {
      await queueStream(deps, [{ ...s, key: `webhooks.deliver:${head.id}:retry:${head.attempts}` }], {
        runAt: new Date(head.next_attempt_at),
      });
      return true;
    }
    if (heldUntil - now < HOLD_MS / 2) {
      heldUntil = now + HOLD_MS;
      await renewStream(deps.db, s.endpointId, s.streamKey, holder, iso(heldUntil));
    }
    const outcome = await attemptDelivery(deps, endpoint, head, { retry: true });
    if (outcome.gaveUp) {
      await disableEndpoint(deps, endpoint);
      return false;
    }
    if (!outcome.ok) {
      await queueStream(deps, [{ ...s, key: `webhooks.deliver:${head.id}:retry:${head.attempts + 1}` }], {
        runAt: new Date(outcome.nextAttemptAt!),
      });
      return true;
    }
  }
}
