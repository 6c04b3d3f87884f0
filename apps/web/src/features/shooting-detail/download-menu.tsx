import type { ArchiveType } from '@forecourt/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { ActionButton } from '../../components/action-button';
import { downloadArchive } from './shooting-detail-api';

/** The download menu of a STANDARD shooting: the archive kinds that hold pictures of this shooting. */
export function DownloadMenu({
  shootingId,
  archives,
  compact,
}: {
  shootingId: string;
  archives: ArchiveType[];
  compact: boolean;
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (type: ArchiveType) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadArchive(shootingId, type);
    } catch {
      // A zip failure shows the common error (spec section 8).
      snackbar.show('api.commonError');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ActionButton
        compact={compact}
        icon={<DownloadIcon />}
        label={t('shootingDetail.actions.download')}
        loading={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      />
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {archives.map((type) => (
          <MenuItem key={type} onClick={() => void download(type)}>
            {t(`shootingDetail.archives.${type}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
