import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The small label of a picture whose background was replaced or plate covered (honest AI edits). */
export function EditedChip({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t('shootingDetail.gallery.edited')}
      title={t('shootingDetail.gallery.editedHint')}
      data-testid="edited-label"
      sx={
        inline
          ? undefined
          : {
              position: 'absolute',
              left: 4,
              bottom: 4,
              bgcolor: 'rgba(0,0,0,0.75)',
              color: '#fff',
              pointerEvents: 'none',
            }
      }
    />
  );
}
