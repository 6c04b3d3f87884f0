import type { ShootingType } from '@forecourt/contracts';
import ThreeSixtyIcon from '@mui/icons-material/ThreeSixty';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { ActionButton } from '../../components/action-button';
import { playerButtonKind } from './player-button-kind';
import { getPlayerInfo } from './sharing-api';
import type { Sender, SharedPlayer } from './sharing-types';
import { sharingKeys } from './sharing-keys';

const EmailDialog = lazy(() => import('./email-dialog').then((m) => ({ default: m.EmailDialog })));
const SmsDialog = lazy(() => import('./sms-dialog').then((m) => ({ default: m.SmsDialog })));
const CopyLinkDialog = lazy(() =>
  import('../engagement/copy-link-dialog').then((m) => ({ default: m.CopyLinkDialog })),
);

/**
 * The detail page's player button (spec section 6): opens the public player, and when the user may,
 * sends its link by e-mail or SMS. The reference is made on first use.
 */
export function PlayerButton({
  shootingId,
  shootingType,
  preparing,
  sender,
  compact,
}: {
  shootingId: string;
  shootingType: ShootingType;
  /** Still processing: the send dialogs warn that the customer will see "being prepared" for now. */
  preparing: boolean;
  sender: Sender;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'email' | 'sms' | 'copy' | null>(null);
  const [player, setPlayer] = useState<SharedPlayer | null>(null);
  const kind = playerButtonKind(shootingType, sender.canSendEmail, sender.canSendSms);

  const info = async (): Promise<SharedPlayer | null> => {
    try {
      const p = await queryClient.fetchQuery({
        queryKey: sharingKeys.playerInfo(shootingId),
        queryFn: () => getPlayerInfo(shootingId),
        staleTime: Infinity,
      });
      const shared = { ...p, shootingType, preparing };
      setPlayer(shared);
      return shared;
    } catch {
      snackbar.show('api.getReferenceError');
      return null;
    }
  };

  const show = async () => {
    setAnchor(null);
    // Opened before the call so that popup blockers see the click; pointed at the link once known.
    const tab = window.open('', '_blank');
    const p = await info();
    if (!tab) return;
    if (!p) return tab.close();
    tab.opener = null;
    tab.location.href = p.url;
  };

  const openDialog = async (which: 'email' | 'sms' | 'copy') => {
    setAnchor(null);
    if (await info()) setDialog(which);
  };

  if (kind === 'plain') {
    return (
      <ActionButton
        compact={compact}
        icon={<ThreeSixtyIcon />}
        label={t('sharing.player.button')}
        onClick={() => void show()}
      />
    );
  }
  return (
    <>
      <ActionButton
        compact={compact}
        icon={<ThreeSixtyIcon />}
        label={t('sharing.player.button')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      />
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void show()}>{t('sharing.player.show')}</MenuItem>
        {sender.canSendEmail && (
          <MenuItem onClick={() => void openDialog('email')}>{t('sharing.player.sendEmail')}</MenuItem>
        )}
        {sender.canSendSms && <MenuItem onClick={() => void openDialog('sms')}>{t('sharing.player.sendSms')}</MenuItem>}
        <MenuItem onClick={() => void openDialog('copy')}>{t('engagement.copy.menu')}</MenuItem>
      </Menu>
      {player && dialog && (
        <Suspense fallback={null}>
          {dialog === 'email' && <EmailDialog open onClose={() => setDialog(null)} player={player} sender={sender} />}
          {dialog === 'sms' && <SmsDialog open onClose={() => setDialog(null)} player={player} sender={sender} />}
          {dialog === 'copy' && <CopyLinkDialog open onClose={() => setDialog(null)} playerRef={player.ref} />}
        </Suspense>
      )}
    </>
  );
}
