import { IMAGE_TYPES, pickOrderGallery, type ShootingDetail, type ShootingType } from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageGallery, type GalleryProps } from './image-gallery';
import { VideoPlayer } from '../../components/video-player';

type Selection = Pick<GalleryProps, 'selectable' | 'selected' | 'onToggle'>;

/**
 * The centre of the detail page: the video for VIDEO, else the images: for STANDARD the order gallery
 * (simple) or the images grouped by type (detailed), for inspections every image in order.
 */
export function ShootingMedia({
  shooting,
  type,
  selection = {},
}: {
  shooting: ShootingDetail;
  type: ShootingType;
  selection?: Selection;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'simple' | 'detailed'>('simple');
  if (type === 'VIDEO') return <VideoPlayer videos={shooting.videos} />;
  if (shooting.images.length === 0) return <Alert severity="info">{t('shooting.noResults')}</Alert>;
  if (type !== 'STANDARD') return <ImageGallery images={shooting.images} allImages={shooting.images} {...selection} />;

  const groups = IMAGE_TYPES.map((imageType) => ({
    imageType,
    images: shooting.images.filter((i) => i.imageType === imageType),
  })).filter((g) => g.images.length > 0);
  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        onChange={(_e, v: 'simple' | 'detailed' | null) => v && setView(v)}
        aria-label={t('shootingDetail.gallery.view')}
      >
        <ToggleButton value="simple">{t('shootingDetail.gallery.simple')}</ToggleButton>
        <ToggleButton value="detailed">{t('shootingDetail.gallery.detailed')}</ToggleButton>
      </ToggleButtonGroup>
      {view === 'simple' ? (
        <ImageGallery
          images={pickOrderGallery(shooting.images)}
          allImages={shooting.images}
          label={t('shootingDetail.gallery.simple')}
          {...selection}
        />
      ) : (
        groups.map((g) => (
          <Stack key={g.imageType} spacing={1} component="section" aria-label={g.imageType}>
            <Typography variant="subtitle2" component="h3">
              {t(`shootingDetail.imageTypes.${g.imageType}`)}
            </Typography>
            <ImageGallery images={g.images} allImages={shooting.images} label={g.imageType} {...selection} />
          </Stack>
        ))
      )}
    </Stack>
  );
}
