/** How the signalling socket comes back after it dropped. */
export interface ReconnectPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Past this long without a connection, the call is over for this browser. */
  giveUpAfterMs: number;
}

/**
 * Quick first tries (most drops are a proxy or a restarting server, back within a second or two), then
 * slower; a minute without signalling ends the call, as a meeting tool would.
 */
export const RECONNECT_POLICY: ReconnectPolicy = { firstDelayMs: 200, maxDelayMs: 5000, giveUpAfterMs: 60_000 };

/**
 * Delay before try `attempt` (0 for the first): doubling from the first delay up to the cap, spread by
 * ±25 % so the browsers of a room do not all come back at the same instant after a server restart.
 */
export function backoffDelay(attempt: number, policy: ReconnectPolicy, random: () => number = Math.random): number {
  const base = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** `retry`: not this time (network, server down); `fatal`: never (the room refuses this visitor now). */
export type AttemptResult = 'connected' | 'retry' | 'fatal';
export type ReconnectResult = 'connected' | 'fatal' | 'gaveUp' | 'cancelled';

export interface ReconnectDeps {
  policy?: ReconnectPolicy;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** True once the user left: no more tries. */
  cancelled: () => boolean;
  random?: () => number;
}

/** Tries `attempt` after each backoff delay until it connects, fails for good, is cancelled, or the policy gives up. */
export async function reconnect(attempt: () => Promise<AttemptResult>, deps: ReconnectDeps): Promise<ReconnectResult> {
  const policy = deps.policy ?? RECONNECT_POLICY;
  const started = deps.now();
  for (let n = 0; ; n++) {
    await deps.sleep(backoffDelay(n, policy, deps.random));
    if (deps.cancelled()) return 'cancelled';
    const result = await attempt();
    if (deps.cancelled()) return 'cancelled';
    if (result !== 'retry') return result;
    if (deps.now() - started >= policy.giveUpAfterMs) return 'gaveUp';
  }
}
