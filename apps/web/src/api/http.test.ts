import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, setAuthHeaderSource, setTokenRefusedListener } from './http';

const answer = (status: number, error: object) =>
  vi.fn(
    async () => new Response(JSON.stringify({ error }), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenRefusedListener(() => undefined);
  setAuthHeaderSource(() => ({}));
});

describe('a call the server refuses', () => {
  it('tells the auth layer which bearer token a 401 refused', async () => {
    const heard = vi.fn();
    setTokenRefusedListener(heard);
    setAuthHeaderSource(() => ({ Authorization: 'Bearer tok-1' }));
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED', message: 'This account is not known to Forecourt' }));
    await expect(request('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(heard).toHaveBeenCalledWith('tok-1');
  });

  it('leaves alone a 401 with a reason of its own, a 403, and an unsigned call', async () => {
    const heard = vi.fn();
    setTokenRefusedListener(heard);
    setAuthHeaderSource(() => ({ Authorization: 'Bearer tok-1' }));
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED', message: 'x', details: { reason: 'NO_DOMAIN_RULE' } }));
    await expect(request('/api/users/me')).rejects.toMatchObject({ status: 401 });
    vi.stubGlobal('fetch', answer(403, { code: 'FORBIDDEN', message: 'x' }));
    await expect(request('/api/settings/groups')).rejects.toMatchObject({ status: 403 });
    setAuthHeaderSource(() => ({}));
    vi.stubGlobal('fetch', answer(401, { code: 'UNAUTHORIZED', message: 'Sign-in required' }));
    await expect(request('/api/users/me')).rejects.toMatchObject({ status: 401 });
    expect(heard).not.toHaveBeenCalled();
  });
});
