import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { EmailFormDialog } from '../../components/email-form-dialog';
import { sendEmail } from './sharing-api';
import type { ShareDialogProps } from './sharing-types';
import { outboxLink } from './outbox-link';
import { useRefreshEngagementPanels } from '../engagement/use-refresh-panels';
import { recordShared } from './use-shared-statistic';

/** Sends the player link by e-mail, from the user's name and address, then records the share. */
export function EmailDialog({ open, onClose, player, sender }: ShareDialogProps) {
  const { t } = useTranslation();
  const refreshPanels = useRefreshEngagementPanels();
  return (
    <EmailFormDialog
      open={open}
      onClose={onClose}
      title={t('sharing.email.title')}
      defaultObject={t('sharing.email.defaultObject')}
      defaultBody={t('sharing.email.defaultBody', { link: player.url })}
      askName
      link={player.url}
      send={({ name, ...m }) =>
        sendEmail({
          ...m,
          from: { email: sender.email, name: sender.name },
          personalLink: { ref: player.ref, ...(name ? { name } : {}) },
        })
      }
      onSent={() => {
        recordShared(sender, player, 'EMAIL');
        refreshPanels();
      }}
      sentLink={outboxLink(sender.canReadOutbox)}
      notice={
        player.preparing && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="player-preparing">
            {t('sharing.preparing')}
          </Alert>
        )
      }
    />
  );
}
