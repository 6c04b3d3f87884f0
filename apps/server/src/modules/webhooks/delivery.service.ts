import type { Adapters } from '../../platform/adapters';
import type { WebhookPost } from '../../platform/webhooks/webhook-http';
import { signatureHeader } from './signature';
import { queueDeliveries } from './webhook-events.service';
import { endpointDisabledMail } from './webhook-mail';
import {
  dueDeliveries,
  findEndpoint,
  groupManagers,
  nextRetryAt,
  recordAttempts,
  releaseStream,
  renewStream,
  streamHold,
  takeStream,
  updateEndpoint,
  type AttemptRecord,
  type EndpointRow,
} from './webhooks.repo';

export type DeliveryDeps = Pick<Adapters, 'db' | 'clock' | 'ids' | 'queue' | 'mail' | 'config'> & { post: WebhookPost };

/** How long a worker holds an endpoint's lane before another may take it over (it renews while it works). */
const HOLD_MS = 15_000;
/** The lane's key in webhook_streams: one holder per endpoint (streams are kept in order inside it). */
const LANE = '*';
/** Due deliveries taken in one query. */
const BATCH = 500;
/** Streams (shootings) sent to at the same time by one lane; one stream is always sent one delivery at a time. */
const STREAMS_AT_ONCE = 32;
/** Attempts logged in one transaction. */
const FLUSH_EVERY = 50;
/** A lane lets go after this long and queues its continuation (other jobs get the worker's slot meanwhile). */
const RUN_MS = 5_000;
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

type DueDelivery = { id: string; event_id: string; body: string; attempts: number; first_failed_at: string | null };
type Outcome = { ok: boolean; nextAttemptAt: string | null; gaveUp: boolean };

/** Sends one attempt of one delivery; answers its outcome and the log line to record (not recorded yet). */
async function sendOnce(
  deps: DeliveryDeps,
  endpoint: EndpointRow,
  d: DueDelivery,
  opts: { retry: boolean },
): Promise<Outcome & { record: AttemptRecord }> {
  const now = deps.clock.now();
  const headers = requestHeaders(endpoint, d.event_id, d.body, now);
  const res = await deps.post(endpoint.url, headers, d.body, { allowPrivate: deps.config.WEBHOOKS_ALLOW_PRIVATE });
  const ok = res.status !== null && res.status >= 200 && res.status < 300;
  const at = deps.clock.now();
  const firstFailed = d.first_failed_at ?? at.toISOString();
  const deadline = Date.parse(firstFailed) + RETRY_FOR_MS;
  const gaveUp = !ok && (!opts.retry || at.getTime() >= deadline);
  const nextAttemptAt = ok || gaveUp ? null : iso(Math.min(at.getTime() + retryDelay(d.attempts + 1), deadline));
  const record: AttemptRecord = {
    deliveryId: d.id,
    set: {
      request_headers: JSON.stringify(headers),
      ...(ok
        ? { status: 'delivered', delivered_at: at.toISOString() }
        : gaveUp
          ? { status: 'failed', first_failed_at: firstFailed }
          : { next_attempt_at: nextAttemptAt!, first_failed_at: firstFailed }),
    },
    attempt: {
      id: deps.ids.uuid(),
      delivery_id: d.id,
      at: at.toISOString(),
      status: res.status,
      duration_ms: res.durationMs,
      response: res.body,
    },
  };
  return { ok, nextAttemptAt, gaveUp, record };
}

/** One attempt of one delivery, logged at once (the test event); answers whether the receiver took it (2xx). */
export async function attemptDelivery(
  deps: DeliveryDeps,
  endpoint: EndpointRow,
  d: DueDelivery,
  opts: { retry: boolean },
): Promise<Outcome> {
  const { record, ...outcome } = await sendOnce(deps, endpoint, d, opts);
  await recordAttempts(deps.db, [record]);
  return outcome;
}

/** The reason written on an endpoint disabled for failing 24 h, which its managers are told of. */
const GAVE_UP = 'No delivery accepted for 24 hours';

/** Disables an endpoint that failed for 24 h and tells the group's managers by e-mail. */
async function disableEndpoint(deps: DeliveryDeps, endpoint: EndpointRow): Promise<void> {
  const reason = `${GAVE_UP} (since ${deps.clock.now().toISOString()})`;
  await updateEndpoint(deps.db, endpoint.id, { enabled: 0, disabled_reason: reason });
  await tellDisabled(deps, endpoint, reason);
}

/**
 * The e-mail to each of the group's managers that the endpoint was disabled, once per disabling (its reason holds
 * its time): a lane run again after a crash, before or after some of them were sent, sends only those missing.
 */
async function tellDisabled(deps: DeliveryDeps, endpoint: EndpointRow, reason: string): Promise<void> {
  for (const m of await groupManagers(deps.db, endpoint.group_id))
    await deps.mail.send({
      ...endpointDisabledMail(
        m.locale,
        endpoint.url,
        `${deps.config.PUBLIC_URL}/settings/webhooks?group=${endpoint.group_id}`,
      ),
      to: m.email,
      origin: { userId: null, groupId: endpoint.group_id },
      dedupeKey: `webhooks.endpoint-disabled:${endpoint.id}:${reason}:${m.email}`,
    });
}

/**
 * The log lines of a lane's attempts, written together (one transaction for up to FLUSH_EVERY of them) while
 * the lane goes on sending: a crash before a write sends those deliveries again (at least once), in order.
 */
class AttemptLog {
  private pending: AttemptRecord[] = [];
  private writing: Promise<void> = Promise.resolve();
  constructor(private readonly db: DeliveryDeps['db']) {}
  add(r: AttemptRecord): void {
    this.pending.push(r);
    if (this.pending.length >= FLUSH_EVERY) this.flush();
  }
  private flush(): void {
    const rows = this.pending;
    this.pending = [];
    this.writing = this.writing.then(() => recordAttempts(this.db, rows));
  }
  /** Everything added is written (or the write's error is thrown). */
  async done(): Promise<void> {
    if (this.pending.length) this.flush();
    await this.writing;
  }
}

/**
 * Sends a batch of due deliveries (in `seq` order): the deliveries of one stream one after the other, stopping at
 * the stream's first failure (what follows it waits: order per shooting), up to STREAMS_AT_ONCE streams at a time.
 */
async function sendBatch(
  deps: DeliveryDeps,
  endpoint: EndpointRow,
  batch: (DueDelivery & { stream_key: string })[],
  lane: { lost: boolean },
): Promise<{ gaveUp: boolean }> {
  const streams = new Map<string, DueDelivery[]>();
  for (const d of batch) {
    const list = streams.get(d.stream_key);
    if (list) list.push(d);
    else streams.set(d.stream_key, [d]);
  }
  const todo = [...streams.values()];
  const log = new AttemptLog(deps.db);
  let gaveUp = false;
  const sender = async () => {
    for (let stream = todo.shift(); stream && !gaveUp; stream = todo.shift())
      for (const d of stream) {
        if (lane.lost) return;
        const { record, ...outcome } = await sendOnce(deps, endpoint, d, { retry: true });
        log.add(record);
        if (outcome.gaveUp) gaveUp = true;
        if (!outcome.ok) break;
      }
  };
  await Promise.all(Array.from({ length: Math.min(STREAMS_AT_ONCE, todo.length) }, sender));
  await log.done();
  return { gaveUp };
}

/**
 * `webhooks.deliver`: the endpoint's lane. While it holds the lane (webhook_streams, key LANE) it takes the due
 * deliveries of the endpoint by batches of BATCH in `seq` order, streams whose head waits for a retry left out,
 * and sends them (sendBatch). A job that finds the lane held by a live holder leaves: the holder looks again after
 * letting go, and a holder that died is its own job run again by the queue when its lease lapses (it then waits
 * for the hold to end). After RUN_MS a holder lets go and queues its continuation, so that a busy endpoint never
 * keeps a worker's slot for ever.
 */
export async function drainWebhookLane(
  deps: DeliveryDeps,
  endpointId: string,
  job: { id: string; attempt: number },
): Promise<void> {
  const { db, clock } = deps;
  const holder = `${job.id}:${job.attempt}`;
  const started = performance.now();
  for (let turn = 0; ; turn++) {
    const now = clock.now();
    const hold = await streamHold(db, endpointId, LANE);
    const live = hold?.holder && Date.parse(hold.held_until) >= now.getTime();
    if (live) {
      // Held by this very job's earlier run, which died: nobody else will look when its hold ends.
      if (hold.holder!.startsWith(`${job.id}:`))
        await queueLane(
          deps,
          endpointId,
          `held:${hold.holder}:${hold.held_until}`,
          new Date(Date.parse(hold.held_until) + 100),
        );
      return;
    }
    if (
      !(await takeStream(db, {
        endpointId,
        streamKey: LANE,
        holder,
        until: iso(now.getTime() + HOLD_MS),
        now: now.toISOString(),
      }))
    )
      return;
    // Renewed while the lane works (a batch to a slow receiver may outlast a hold); a lane whose hold was taken
    // over (this process stalled past it) stops before its next send.
    const lane = { lost: false };
    const renew = setInterval(() => {
      renewStream(db, endpointId, LANE, holder, iso(clock.now().getTime() + HOLD_MS)).then(
        (held) => void (lane.lost ||= !held),
        () => undefined,
      );
    }, HOLD_MS / 3);
    let state: 'idle' | 'closed' | 'yield';
    try {
      state = await sendDue(deps, endpointId, lane, started);
    } finally {
      clearInterval(renew);
      await releaseStream(db, endpointId, LANE, holder, clock.now().toISOString());
    }
    if (state === 'closed') return;
    // Deliveries written while the lane was held, whose own jobs found it held and left them to us.
    const more = (await dueDeliveries(db, endpointId, clock.now().toISOString(), 1)).length > 0;
    if (!more) return;
    if (state === 'yield') return queueLane(deps, endpointId, `after:${holder}:${turn}`);
  }
}

/** Queues a run of an endpoint's lane (now, or at a time). */
const queueLane = (deps: DeliveryDeps, endpointId: string, key: string, runAt?: Date) =>
  queueDeliveries(deps, [{ endpointId, key: `webhooks.deliver:${endpointId}:${key}` }], runAt ? { runAt } : {});

/** Sends the endpoint's due deliveries, batch after batch; 'closed' when the endpoint is gone or disabled. */
async function sendDue(
  deps: DeliveryDeps,
  endpointId: string,
  lane: { lost: boolean },
  started: number,
): Promise<'idle' | 'closed' | 'yield'> {
  const endpoint = await findEndpoint(deps.db, endpointId);
  if (!endpoint) return 'closed';
  if (!endpoint.enabled) {
    // Disabled by the 24 h rule, perhaps by this lane before a crash: its managers are told (each once).
    if (endpoint.disabled_reason?.startsWith(GAVE_UP)) await tellDisabled(deps, endpoint, endpoint.disabled_reason);
    return 'closed';
  }
  for (;;) {
    if (lane.lost) return 'closed';
    if (performance.now() - started > RUN_MS) return 'yield';
    const now = iso(deps.clock.now().getTime());
    const batch = await dueDeliveries(deps.db, endpointId, now, BATCH);
    if (!batch.length) {
      // Streams waiting for a retry: a look when the first of them is due.
      const next = await nextRetryAt(deps.db, endpointId, now);
      if (next) await queueLane(deps, endpointId, `at:${next}`, new Date(next));
      return 'idle';
    }
    if ((await sendBatch(deps, endpoint, batch, lane)).gaveUp) {
      await disableEndpoint(deps, endpoint);
      return 'closed';
    }
  }
}
