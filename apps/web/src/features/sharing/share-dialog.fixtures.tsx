import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { renderAsUser } from '../../test/render';
import type { Sender, ShareDialogProps, SharedPlayer } from './sharing-types';

/** A dealer who may send both ways and does not read the outbox. */
export const SENDER: Sender = {
  id: 'u1',
  email: 'dealer@example.com',
  name: 'Ann Dealer',
  canSendEmail: true,
  canSendSms: true,
  canReadOutbox: false,
};

/** A player to share, of the given type and state. */
export const playerToShare = (shootingType: SharedPlayer['shootingType'], preparing: boolean): SharedPlayer => ({
  ref: 'ref1',
  url: 'https://example.com/p/ref1',
  shootingType,
  preparing,
});

/** Renders a share dialog open for the player, its close a spy. */
export function renderShareDialog(Dialog: ComponentType<ShareDialogProps>, player: SharedPlayer) {
  const onClose = vi.fn();
  return { onClose, ...renderAsUser(<Dialog open onClose={onClose} player={player} sender={SENDER} />) };
}
