import type { ShootingType } from '@forecourt/contracts';

/** The signed-in sender as the sharing dialogs need them (from the current user). */
export interface Sender {
  id: string;
  email: string;
  name: string;
  canSendEmail: boolean;
  canSendSms: boolean;
  /** A provider administrator: a sent message's success links to the outbox. */
  canReadOutbox: boolean;
}

/** What a dialog shares: the player link and, for the statistics call, the ref and the shooting type. */
export interface SharedPlayer {
  ref: string;
  url: string;
  shootingType: ShootingType;
  /** The shooting is still processing: the customer will see "being prepared" until it finishes. */
  preparing: boolean;
}

/** What the e-mail and SMS share dialogs take. */
export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  player: SharedPlayer;
  sender: Sender;
}
