import { ACCOUNT_LANGUAGES } from '@forecourt/contracts';
import { useTranslation } from 'react-i18next';
import { EmailFormDialog } from '../../components/email-form-dialog';
import { outboxLink } from '../sharing/outbox-link';
import { postRoomShared, sendRoomEmail } from './live-api';

export interface SharedRoom {
  id: string;
  name: string;
  link: string;
}

/** Sends a room link by e-mail; the server attaches the calendar invitation. Then records the share. */
export function RoomEmailDialog({
  open,
  onClose,
  room,
  userId,
  canReadOutbox = false,
}: {
  open: boolean;
  onClose: () => void;
  room: SharedRoom;
  userId: string;
  /** A provider administrator: the success message links to the outbox. */
  canReadOutbox?: boolean;
}) {
  const { t, i18n } = useTranslation();
  // The message is written in the portal's language, and the meeting was set in this browser's time zone:
  // the server states the meeting's date and time in both.
  const language = ACCOUNT_LANGUAGES.find((l) => i18n.language.startsWith(l));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <EmailFormDialog
      open={open}
      onClose={onClose}
      title={t('rooms.email.title')}
      defaultObject={t('rooms.email.defaultObject', { name: room.name })}
      defaultBody={t('rooms.email.defaultBody', { link: room.link })}
      send={({ to, subject, body }) =>
        sendRoomEmail(room.id, { to, subject, body, ...(language ? { language } : {}), timeZone })
      }
      // A failed statistic must not undo the send.
      onSent={() => void postRoomShared(userId, room.id).catch(() => undefined)}
      sentLink={outboxLink(canReadOutbox)}
      link={room.link}
    />
  );
}
