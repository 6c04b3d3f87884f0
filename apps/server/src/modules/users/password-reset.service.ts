import { newBearerToken, tokenHash } from '../../platform/bearer-tokens';
import { AppError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.service';
import { passwordResetEmail } from './password-reset-email';
import { replaceInvitation } from './user-board.repo';
import { getBoardUser, outrankedUser, statusOf, userEntry, type AccountAction } from './user-board.service';

/** How long a password-reset link works: shorter than an invitation's, the account being in use. */
export const PASSWORD_RESET_HOURS = 24;

/**
 * A one-time link, mailed to an active account of the board, to choose a new password on the embedded
 * provider: the only way back in for a user who forgot theirs, short of a shell on the server. The link is
 * the invitation page's (one live link an account, any earlier one dies); the current password keeps working
 * until it is used. Accounts of an external provider's domain have no password here to reset.
 */
export const sendPasswordReset: AccountAction = async (deps, caller, id, audit, group) => {
  const { manager, user } = await outrankedUser(deps, caller, id, group);
  if (statusOf(deps, user) !== 'ACTIVE' || !user.hasPassword)
    throw new AppError('CONFLICT', 'Only an active account with a Forecourt password can be sent a reset link', {
      reason: 'NOT_RESETTABLE',
    });
  const token = newBearerToken();
  const now = deps.clock.now();
  await replaceInvitation(deps.db, {
    tokenHash: tokenHash(token),
    userId: user.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_HOURS * 3600_000).toISOString(),
  });
  const message = passwordResetEmail({
    locale: user.locale,
    name: user.givenName,
    email: user.email,
    sender: `${caller.givenName} ${caller.familyName}`.trim(),
    link: `${deps.config.PUBLIC_URL}/invitation/${token}`,
    hours: PASSWORD_RESET_HOURS,
  });
  await deps.mail.send({
    to: user.email,
    ...message,
    fromName: 'Forecourt',
    origin: { userId: caller.id, groupId: caller.groupId },
  });
  await recordAudit(deps, userEntry(manager, audit, id, { action: 'user.password-reset-link' }));
  return getBoardUser(deps, manager, id);
};
