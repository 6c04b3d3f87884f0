import { describe, expect, it } from 'vitest';
import { signInTokens, tokenRequest } from '../identity/oidc/oidc-flow.test-support';
import { DEMO_PASSWORD, demoUser } from '../../seed/demo-accounts';
import { useTestApp } from '../../test/test-app';
import { boardCalls, invitee } from './user-board.fixtures';

const MANAGER = 'manager@demo.forecourt.test';
const SALES = 'sales@demo.forecourt.test';
const WORKSHOP = 'workshop@demo.forecourt.test';
const OTHER = 'other@other-dealer.forecourt.test';

describe('a password reset link from the user board', () => {
  const ctx = useTestApp();
  const { call } = boardCalls(ctx);
  const lastMailTo = (to: string) =>
    ctx.adapters.db
      .selectFrom('notifications_outbox')
      .selectAll()
      .where('recipient', '=', to)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
  const linkIn = (text: string) => /\/invitation\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
  const signIn = (password: string) => signInTokens(ctx.app, ctx.adapters.config.PUBLIC_URL, WORKSHOP, password);
  const reset = (as: string, id: string) => call(as, 'POST', `/api/user-board/users/${id}/password-reset`);

  it('lets a user who forgot their password choose a new one; the old one works until then, and nothing after', async () => {
    const before = await signIn(DEMO_PASSWORD);
    expect(before.status).toBe(200);
    const id = demoUser(WORKSHOP).id;
    const sent = await reset(MANAGER, id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ id, status: 'ACTIVE' });
    const mail = await lastMailTo(WORKSHOP);
    // In the account's language (the workshop's is French).
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe Forecourt');
    expect(mail.body_text).toContain('Ce lien ne sert qu’une fois, pendant 24 heures.');
    const token = linkIn(mail.body_text);
    expect((await signIn(DEMO_PASSWORD)).status).toBe(200);

    const page = await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(page.json()).toMatchObject({ email: WORKSHOP });
    const hours = (Date.parse(page.json().expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const set = await ctx.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}`,
      payload: { password: 'a brand new password' },
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(DEMO_PASSWORD)).status).not.toBe(200);
    expect((await signIn('a brand new password')).status).toBe(200);
    // The sessions held with the old password end: their refresh tokens are refused.
    const refresh = await tokenRequest(ctx.app, {
      grant_type: 'refresh_token',
      refresh_token: before.body.refresh_token!,
    });
    expect(refresh.body.error).toBe('invalid_grant');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/invitations/${token}` })).statusCode).toBe(404);
    const actions = await ctx.adapters.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label'])
      .where('target_id', '=', id)
      .orderBy('at')
      .execute();
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'user.password-reset-link', actor_label: MANAGER },
        { action: 'user.reset-password', actor_label: WORKSHOP },
      ]),
    );
  });

  it('is for a manager of the account’s group who outranks it, and for active accounts with a password only', async () => {
    const id = demoUser(WORKSHOP).id;
    expect((await reset(SALES, id)).statusCode).toBe(403);
    expect((await reset(OTHER, id)).statusCode).toBe(404);
    const invited = await call(MANAGER, 'POST', '/api/user-board/users', {
      ...invitee(),
      email: 'pending@demo.forecourt.test',
    });
    const pending = await reset(MANAGER, invited.json().id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error.details).toEqual({ reason: 'NOT_RESETTABLE' });
  });
});
