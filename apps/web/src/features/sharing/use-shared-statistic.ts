import { postPlayerShared } from './sharing-api';
import type { Sender, SharedPlayer } from './sharing-types';

/** After a successful send of a VIDEO player (spec section 7); a failure here must not undo the send. */
export function recordShared(sender: Sender, player: SharedPlayer, sharingType: 'EMAIL' | 'SMS'): void {
  if (player.shootingType !== 'VIDEO') return;
  postPlayerShared(sender.id, player.ref, { source: 'WEB', sharingType }).catch(() => undefined);
}
