import type { SnackbarLink } from '../../components/snackbar-context';

/** The outbox page's path; only provider administrators may read it (notifications' listUserOutbox). */
export const OUTBOX_PATH = '/notifications/outbox';

/** Whether a user of these habilitations may read the outbox, as the server decides. */
export const mayReadOutbox = (habilitations: readonly string[]): boolean =>
  habilitations.includes('PROVIDER_ADMINISTRATOR');

/**
 * The link a sent message's success offers to those who may read the outbox, so that they see where the
 * e-mail or SMS went; nothing for the others.
 */
export const outboxLink = (canReadOutbox: boolean): SnackbarLink | undefined =>
  canReadOutbox ? { labelKey: 'sharing.outboxLink', to: OUTBOX_PATH } : undefined;
