import type { IdentityProviderResponse } from '@forecourt/contracts/identity';
import { request } from '../../api/http';
import { getWebConfig } from '../../api/web-config';

/**
 * The identity provider for an e-mail (spec section 7, identity lookup), with the identity api-key header.
 * The response schema loads with the call, keeping zod out of the login page's first load.
 */
export async function lookupIdentityProvider(email: string): Promise<IdentityProviderResponse> {
  const [{ identityApiKey }, { IdentityProviderResponse }] = await Promise.all([
    getWebConfig(),
    import('@forecourt/contracts/identity'),
  ]);
  return request('/identity/identity-providers', {
    query: { email },
    headers: { 'x-api-key': identityApiKey },
    schema: IdentityProviderResponse,
  });
}
