import type { CurrentUser, UserOption } from '@forecourt/contracts/identity';
import { request } from '../../api/http';
import { getWebConfig } from '../../api/web-config';

export const OPTIONS_TIMEOUT_MS = 30_000;
export const API_VERSION = '1.28';
/** The model types whose presence decides which shooting types the screens offer (spec section 6). */
const OFFERED_MODEL_TYPES = 'INSPECT_REPAIR_ORDER,INSPECT,PROCESS,VIDEO';

// The schemas load with the calls, never with this file: the drawer and the option guard that use it are
// in the first screen's bundle, which must not carry zod.
const identitySchemas = () => import('@forecourt/contracts/identity');

/**
 * The options call of spec section 7: 30 s time-out, skipped when the host, the api-key or the username is
 * missing, and null on any failure.
 */
export async function fetchUserOptions(username: string | undefined, host = window.location.origin): Promise<UserOption[] | null> {
  try {
    const { apiKey } = await getWebConfig();
    if (!host || !apiKey || !username) return null;
    const { UserOptionsResponse } = await identitySchemas();
    return await request(`${host}/api/external/legacy/${API_VERSION}/users/${encodeURIComponent(username)}/options`, {
      schema: UserOptionsResponse,
      timeoutMs: OPTIONS_TIMEOUT_MS,
    });
  } catch {
    return null;
  }
}

/** The options as a map by name, the shape `hasOption` reads. */
export const optionMap = (options: readonly UserOption[]): Record<string, unknown> => Object.fromEntries(options.map((o) => [o.name, o.value]));

export async function fetchCurrentUser(): Promise<CurrentUser> {
  const { CurrentUser } = await identitySchemas();
  return request('/api/users/me', { schema: CurrentUser });
}

/** The model types the user holds, among those that decide the offered shooting types. */
export async function fetchUserModelTypes(userId: string): Promise<string[]> {
  const { UserModelsResponse } = await identitySchemas();
  const models = await request(`/api/users/${encodeURIComponent(userId)}/models`, { query: { type: OFFERED_MODEL_TYPES }, schema: UserModelsResponse });
  return models.map((m) => m.modelType);
}
