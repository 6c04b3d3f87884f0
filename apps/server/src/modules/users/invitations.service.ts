import type { InvitationAccept, InvitationInfo } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { tokenHash } from '../../platform/bearer-tokens';
import { AppError } from '../../platform/errors';
import { withAudit } from '../audit/audit.service';
import { hashPassword } from '../identity/password';
import { deleteInvitations, findInvitation, revokeProviderState, setPassword } from './user-board.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

/** One answer for a wrong, used, expired or deactivated link: the page says to ask for a new one. */
const gone = () => new AppError('NOT_FOUND', 'This invitation link is no longer valid');

// An account with a password holds a link only as a password reset (password-reset.service.ts): every
// other way a password is set (this page, `npm run admin -- reset-password`) deletes the account's links.
async function liveInvitation(deps: Deps, token: string) {
  const found = await findInvitation(deps.db, tokenHash(token));
  if (!found || found.deactivatedAt || found.expiresAt <= deps.clock.now().toISOString()) throw gone();
  return found;
}

/** Whom a live invitation link invites (the public set-password page). */
export async function invitationInfo(deps: Deps, token: string): Promise<InvitationInfo> {
  const found = await liveInvitation(deps, token);
  return { email: found.email, givenName: found.givenName, expiresAt: found.expiresAt };
}

/**
 * Sets the invitee's password on the embedded provider; the link dies with its first use. A reset (the
 * account had a password) also ends the account's sessions and refresh tokens elsewhere.
 */
export async function acceptInvitation(
  deps: Deps,
  token: string,
  input: InvitationAccept,
  clientAddress: string | null,
): Promise<{ email: string }> {
  const found = await liveInvitation(deps, token);
  const hash = await hashPassword(input.password);
  await withAudit(
    deps,
    {
      actor: { id: found.userId, label: found.email },
      clientAddress,
      groupId: found.groupId,
      action: found.passwordHash ? 'user.reset-password' : 'user.accept-invitation',
      target: { type: 'user', id: found.userId },
    },
    async (trx) => {
      await setPassword(trx, found.userId, hash);
      await deleteInvitations(trx, found.userId);
      if (found.passwordHash) await revokeProviderState(trx, found.userId);
    },
  );
  return { email: found.email };
}
