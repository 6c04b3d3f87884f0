import type { PlayerOptions, PlayerScoring } from '@forecourt/contracts';
import { PLAYER_OPTIONS_ELEMENT_ID } from '@forecourt/contracts/player-media';
import { ApiError, request } from '../../api/http';

/** The options call of spec section 7 has its own 30 s time-out. */
export const PLAYER_OPTIONS_TIMEOUT_MS = 30_000;

/**
 * The server serializes the options with the contract's schema; the player checks only the shape it
 * relies on, so that zod and every schema of the portal stay out of the player's bundle.
 */
export function isPlayerOptions(v: unknown): v is PlayerOptions {
  const o = v as Partial<PlayerOptions> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.ref === 'string' &&
    (o.state === 'AVAILABLE' || o.state === 'UNDER_CONSTRUCTION') &&
    Array.isArray(o.frames) &&
    o.frames.every(
      (f) => typeof f?.version === 'string' && typeof f.width === 'number' && typeof f.height === 'number',
    ) &&
    Array.isArray(o.contactInformations)
  );
}

/**
 * The options the server wrote into the page it served for this ref, if it did: the player then renders
 * at once instead of waiting for the options call. Anything else (another ref, a bad shape) is ignored.
 */
export function inlinePlayerOptions(ref: string, doc: Document = document): PlayerOptions | undefined {
  const text = doc.getElementById(PLAYER_OPTIONS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const body: unknown = JSON.parse(text);
    return isPlayerOptions(body) && body.ref === ref ? body : undefined;
  } catch {
    return undefined;
  }
}

// The player's calls are anonymous on purpose: a signed-in dealer opening a shared link must not send
// their token or api-key to the public endpoints.
export async function getPlayerOptions(ref: string, signal?: AbortSignal): Promise<PlayerOptions> {
  const res = await request<Response>(`/api/external/legacy/players/${encodeURIComponent(ref)}/options`, {
    anonymous: true,
    responseType: 'raw',
    timeoutMs: PLAYER_OPTIONS_TIMEOUT_MS,
    signal,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!isPlayerOptions(body)) throw new ApiError(502, 'BAD_RESPONSE', 'The server answered in an unexpected shape');
  return body;
}

export const postWatched = (ref: string) =>
  request('/api/videos/notification', { method: 'POST', body: { ref, notification: 'watched' }, anonymous: true });

export const postScoring = (body: PlayerScoring) =>
  request('/API/V1/panorama-shootings/scorings', { method: 'POST', body, anonymous: true });
