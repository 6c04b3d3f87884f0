import type { ShootingImage } from '@forecourt/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Fullscreen view of one image with previous / next; Escape closes, Left and Right move. */
export function FullscreenViewer({ images, index, onIndex, onClose }: { images: ShootingImage[]; index: number; onIndex: (i: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const image = images[index];
  const prev = () => onIndex((index - 1 + images.length) % images.length);
  const next = () => onIndex((index + 1) % images.length);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onIndex((index - 1 + images.length) % images.length);
      if (e.key === 'ArrowRight') onIndex((index + 1) % images.length);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, images.length, onIndex]);

  if (!image) return null;
  return (
    <Dialog fullScreen open onClose={onClose} aria-label={t('shootingDetail.gallery.fullscreen')} slotProps={{ paper: { sx: { bgcolor: 'common.black' } } }}>
      <Box sx={{ position: 'relative', height: '100%', display: 'grid', placeItems: 'center' }}>
        <Box component="img" src={image.url} alt={`${image.order} ${image.imageType}`} data-testid="fullscreen-image" data-order={image.order} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        <IconButton onClick={onClose} aria-label={t('common.close')} sx={{ position: 'absolute', top: 8, right: 8, color: 'common.white' }}>
          <CloseIcon />
        </IconButton>
        <IconButton onClick={prev} aria-label={t('shootingDetail.gallery.previous')} sx={{ position: 'absolute', left: 8, color: 'common.white' }}>
          <ChevronLeftIcon fontSize="large" />
        </IconButton>
        <IconButton onClick={next} aria-label={t('shootingDetail.gallery.next')} sx={{ position: 'absolute', right: 8, color: 'common.white' }}>
          <ChevronRightIcon fontSize="large" />
        </IconButton>
        <Typography sx={{ position: 'absolute', bottom: 12, color: 'common.white' }}>
          {index + 1} / {images.length}
        </Typography>
      </Box>
    </Dialog>
  );
}
