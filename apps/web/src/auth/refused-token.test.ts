import type { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { onRefusedToken, type SessionStore } from './refused-token';

const store = (renewal: () => Promise<User | null>) => {
  const s = { signinSilent: vi.fn(renewal), removeUser: vi.fn(async () => undefined) };
  return s satisfies SessionStore;
};
const userWith = (token: string) => ({ access_token: token }) as User;

describe('a token the server refuses before it expires', () => {
  it('signs the user out when the provider refuses the refresh too (a deactivated account)', async () => {
    const s = store(() => Promise.reject(new Error('invalid_grant')));
    await onRefusedToken(s)('old');
    expect(s.signinSilent).toHaveBeenCalledTimes(1);
    expect(s.removeUser).toHaveBeenCalledTimes(1);
  });

  it('keeps the session a refresh renews, and signs out when the renewed token is refused as well', async () => {
    const s = store(async () => userWith('new'));
    const refused = onRefusedToken(s);
    await refused('old');
    expect(s.removeUser).not.toHaveBeenCalled();
    await refused('new');
    expect(s.signinSilent).toHaveBeenCalledTimes(1);
    expect(s.removeUser).toHaveBeenCalledTimes(1);
  });

  it('gives refusals that arrive together one attempt', async () => {
    const s = store(() => Promise.reject(new Error('invalid_grant')));
    const refused = onRefusedToken(s);
    await Promise.all([refused('old'), refused('old'), refused('old')]);
    expect(s.signinSilent).toHaveBeenCalledTimes(1);
    expect(s.removeUser).toHaveBeenCalledTimes(1);
  });
});
