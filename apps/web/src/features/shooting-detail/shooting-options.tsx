import { PLAYER_PREPARING_STATUSES, type ShootingDetail, type ShootingType } from '@forecourt/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ActionButton, useCompactActions } from '../../components/action-button';
import { pickVideo } from '../../components/video-view';
import type { UserAccess } from '../../access/user-access';
import { EditButtons } from '../editing/edit-buttons';
import type { EditMode } from '../editing/use-edit-mode';
import { RestampButton } from '../restamp/restamp-dialog';
import { ReportButtons } from '../reports/report-buttons';
import { mayReadOutbox } from '../sharing/outbox-link';
import { PlayerButton } from '../sharing/player-button';
import { PlayerSettingsButton } from '../sharing/player-settings';
import { DeleteShootingButton, DeleteVideoButton } from './delete-actions';
import { offeredArchives, shootingActions } from './detail-rules';
import { DmsAction } from './dms-action';
import { DownloadMenu } from './download-menu';

export interface ShootingOptionsProps {
  shooting: ShootingDetail;
  type: ShootingType;
  access: UserAccess | undefined;
  /** Edit mode of the page (cropping, licence-plate cover). */
  edit?: EditMode;
}

/**
 * The options column (spec section 6): exactly the actions this type and the user's options allow.
 * Other features add their buttons here (restamp, editing, player, reports).
 */
export function ShootingOptions({ shooting, type, access, edit }: ShootingOptionsProps) {
  const { t } = useTranslation();
  const compact = useCompactActions();
  const actions = shootingActions(type, shooting, (name) => access?.has(name) ?? false);
  const key = { ownerId: shooting.ownerId, productId: shooting.productId, shootingId: shooting.id };
  const video = pickVideo(shooting.videos);
  const archives = offeredArchives(shooting.images);
  return (
    <Stack
      spacing={1}
      direction={compact ? 'row' : 'column'}
      sx={{ flexWrap: 'wrap' }}
      component="aside"
      aria-label={t('shootingDetail.actions.title')}
    >
      {actions.downloadMenu && archives.length > 0 ? (
        <DownloadMenu shootingId={shooting.id} archives={archives} compact={compact} />
      ) : null}
      {actions.downloadVideo && video?.url ? (
        <ActionButton
          compact={compact}
          icon={<OpenInNewIcon />}
          label={t('shootingDetail.actions.downloadVideo')}
          href={video.url}
          target="_blank"
          rel="noopener noreferrer"
        />
      ) : null}
      {type === 'STANDARD' && access && edit ? (
        <EditButtons edit={edit} hasOption={access.has} compact={compact} />
      ) : null}
      {type === 'STANDARD' && access && access.has('useRestamp') ? (
        <RestampButton
          target={{ ...key, images: shooting.images.filter((i) => i.imageType === 'ORIGINAL') }}
          userId={access.user.id}
          compact={compact}
        />
      ) : null}
      {access ? (
        <PlayerButton
          shootingId={shooting.id}
          shootingType={type}
          preparing={PLAYER_PREPARING_STATUSES.has(shooting.remarketingShootingStatus)}
          compact={compact}
          sender={{
            id: access.user.id,
            email: access.user.email,
            name: access.user.fullName,
            canSendEmail: access.has('useSendEmail'),
            canSendSms: access.has('useSendSms'),
            canReadOutbox: mayReadOutbox(access.user.habilitations),
          }}
        />
      ) : null}
      {access && type !== 'VIDEO' ? <PlayerSettingsButton shootingId={shooting.id} compact={compact} /> : null}
      <ReportButtons type={type} shooting={key} tradeIn={access?.has('use2spect') ?? false} compact={compact} />
      {actions.resendDms ? <DmsAction shooting={shooting} compact={compact} /> : null}
      {actions.deleteVideo ? <DeleteVideoButton shooting={key} compact={compact} /> : null}
      {actions.deleteShooting ? <DeleteShootingButton shooting={key} compact={compact} /> : null}
    </Stack>
  );
}
