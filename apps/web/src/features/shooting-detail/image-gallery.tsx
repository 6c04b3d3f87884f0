import { isEditedImageType, type ShootingImage } from '@forecourt/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Grid from '@mui/material/Grid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pictureNumber } from './detail-rules';
import { EditedChip } from './edited-chip';
import { FullscreenViewer } from './fullscreen-viewer';

export interface GalleryProps {
  images: ShootingImage[];
  /** Edit mode: a click selects or deselects an image instead of opening it fullscreen. */
  selectable?: boolean;
  selected?: ReadonlySet<string>;
  onToggle?: (imageId: string) => void;
  label?: string;
  /** Every image of the shooting, where the fullscreen viewer finds the original of an edited picture. */
  allImages?: ShootingImage[];
}

/** A grid of thumbnails; a click opens the fullscreen viewer, or toggles selection in edit mode. */
export function ImageGallery({
  images,
  selectable = false,
  selected,
  onToggle,
  label,
  allImages = images,
}: GalleryProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <Grid container spacing={1} role="list" aria-label={label} data-testid="image-gallery">
        {images.map((image, i) => {
          const isSelected = selected?.has(image.id) ?? false;
          const edited = isEditedImageType(image.imageType);
          const order = pictureNumber(allImages, image.order);
          const action = selectable
            ? t('shootingDetail.gallery.select', { order })
            : t('shootingDetail.gallery.open', { order });
          return (
            <Grid key={image.id} size={{ xs: 6, sm: 4, md: 3 }} role="listitem">
              <ButtonBase
                onClick={() => (selectable ? onToggle?.(image.id) : setOpen(i))}
                aria-pressed={selectable ? isSelected : undefined}
                aria-label={edited ? `${action} (${t('shootingDetail.gallery.edited')})` : action}
                sx={{
                  display: 'block',
                  width: '100%',
                  position: 'relative',
                  borderRadius: 1,
                  overflow: 'hidden',
                  outline: isSelected ? '3px solid' : 'none',
                  outlineColor: 'primary.main',
                }}
              >
                <Box
                  component="img"
                  src={image.thumbnailUrl ?? image.url}
                  alt=""
                  loading="lazy"
                  sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }}
                />
                {edited ? <EditedChip /> : null}
                {isSelected ? (
                  <CheckCircleIcon
                    color="primary"
                    sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', borderRadius: '50%' }}
                  />
                ) : null}
              </ButtonBase>
            </Grid>
          );
        })}
      </Grid>
      {open !== null ? (
        <FullscreenViewer
          images={images}
          allImages={allImages}
          index={open}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
