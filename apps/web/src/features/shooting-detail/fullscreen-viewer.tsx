import { isEditedImageType, type ShootingImage } from '@forecourt/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { EditedChip } from './edited-chip';
import { useTranslation } from 'react-i18next';

const SWIPE_PX = 40;

/** A white icon button laid over the picture, `at` offsets from the viewer's edges. */
function OverlayButton(props: {
  label: string;
  onClick: () => void;
  at: { top?: number; left?: number; right?: number };
  children: ReactNode;
}) {
  return (
    <IconButton
      onClick={props.onClick}
      aria-label={props.label}
      sx={{ position: 'absolute', ...props.at, color: 'common.white' }}
    >
      {props.children}
    </IconButton>
  );
}

/**
 * Fullscreen view of one image with previous / next; Escape closes, Left and Right move. An edited
 * picture (background replaced, plate covered) is labelled and has a before/after toggle that shows its
 * original instead. On a touch screen a sideways swipe moves to the previous or next picture.
 */
export function FullscreenViewer({
  images,
  allImages = images,
  index,
  onIndex,
  onClose,
}: {
  images: ShootingImage[];
  allImages?: ShootingImage[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const current = images[index];
  const [before, setBefore] = useState<{ id: string; on: boolean }>({ id: '', on: false });
  const edited = current ? isEditedImageType(current.imageType) : false;
  const original =
    edited && current ? allImages.find((i) => i.order === current.order && i.imageType === 'ORIGINAL') : undefined;
  // The toggle belongs to the picture it was set on: the next picture opens edited again.
  const showOriginal = Boolean(original) && before.id === current?.id && before.on;
  const image = showOriginal ? original : current;
  const prev = () => onIndex((index - 1 + images.length) % images.length);
  const next = () => onIndex((index + 1) % images.length);

  // Where a one-finger touch started: a mostly sideways move of more than SWIPE_PX is a swipe.
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    touchStart.current = e.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStart.current;
    const touch = e.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(touch.clientY - start.y)) return;
    if (dx < 0) next();
    else prev();
  };

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
    <Dialog
      fullScreen
      open
      onClose={onClose}
      aria-label={t('shootingDetail.gallery.fullscreen')}
      slotProps={{ paper: { sx: { bgcolor: 'common.black' } } }}
    >
      <Box
        sx={{
          position: 'relative',
          height: '100%',
          display: 'grid',
          placeItems: 'center',
          touchAction: 'pan-y pinch-zoom',
        }}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        data-testid="fullscreen-stage"
      >
        <Box
          component="img"
          src={image.url}
          alt={`${image.order} ${image.imageType}`}
          data-testid="fullscreen-image"
          data-order={image.order}
          data-type={image.imageType}
          // The picture fills the screen and is fitted whole inside it (letterboxed): a percentage height on
          // an item of an auto-sized grid row resolves against nothing, and a 4:3 picture on a 1440×900
          // screen was drawn 1440×1080, its stamp's bottom band and the wheels cut off.
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
        {edited && current ? (
          <Paper sx={{ position: 'absolute', top: 8, left: 8, p: 1, display: 'flex', gap: 1, alignItems: 'center' }}>
            {!showOriginal ? <EditedChip inline /> : null}
            {original ? (
              <ToggleButtonGroup
                exclusive
                size="small"
                value={showOriginal ? 'before' : 'after'}
                onChange={(_e, v: 'before' | 'after' | null) => v && setBefore({ id: current.id, on: v === 'before' })}
                aria-label={t('shootingDetail.gallery.beforeAfter')}
                // MUI's grey text on the Paper's hover grey falls just short of 4.5:1.
                sx={{ '& .MuiToggleButton-root': { color: 'text.primary' } }}
              >
                <ToggleButton value="before">{t('shootingDetail.gallery.before')}</ToggleButton>
                <ToggleButton value="after">{t('shootingDetail.gallery.after')}</ToggleButton>
              </ToggleButtonGroup>
            ) : null}
          </Paper>
        ) : null}
        <OverlayButton label={t('common.close')} onClick={onClose} at={{ top: 8, right: 8 }}>
          <CloseIcon />
        </OverlayButton>
        <OverlayButton label={t('shootingDetail.gallery.previous')} onClick={prev} at={{ left: 8 }}>
          <ChevronLeftIcon fontSize="large" />
        </OverlayButton>
        <OverlayButton label={t('shootingDetail.gallery.next')} onClick={next} at={{ right: 8 }}>
          <ChevronRightIcon fontSize="large" />
        </OverlayButton>
        <Typography sx={{ position: 'absolute', bottom: 12, color: 'common.white' }}>
          {index + 1} / {images.length}
        </Typography>
      </Box>
    </Dialog>
  );
}
