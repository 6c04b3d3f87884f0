import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Card, CardActions, CardMedia, Grid, IconButton, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PickedImage } from './use-picked-images';

/** The picked pictures in image order, each removable and movable earlier or later. */
export function ImagePreviews({
  images,
  onRemove,
  onMove,
  disabled,
}: {
  images: PickedImage[];
  onRemove: (key: string) => void;
  onMove: (key: string, by: -1 | 1) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Grid
      container
      spacing={1}
      component="ol"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('shootingCreate.images')}
    >
      {images.map((image, n) => (
        <Grid key={image.key} size={{ xs: 6, sm: 4, md: 3, lg: 2 }} component="li" data-testid="image-preview">
          <Card variant="outlined" sx={{ borderColor: image.problems.length ? 'error.main' : undefined }}>
            <Box sx={{ position: 'relative' }}>
              <CardMedia
                component="img"
                image={image.previewUrl}
                alt={image.file.name}
                sx={{ height: 110, objectFit: 'cover' }}
              />
              <Typography
                variant="caption"
                sx={{ position: 'absolute', top: 4, left: 4, bgcolor: 'background.paper', px: 0.5, borderRadius: 1 }}
              >
                {n + 1}
              </Typography>
            </Box>
            <Typography variant="caption" noWrap component="p" sx={{ px: 1 }} title={image.file.name}>
              {image.file.name}
            </Typography>
            {image.problems.map((p) => (
              <Typography key={p} variant="caption" color="error" component="p" sx={{ px: 1 }}>
                {t(`shootingCreate.problems.${p}`)}
              </Typography>
            ))}
            <CardActions disableSpacing sx={{ justifyContent: 'space-between', py: 0 }}>
              <Tooltip title={t('shootingCreate.moveEarlier')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('shootingCreate.moveEarlier')}
                    disabled={disabled || n === 0}
                    onClick={() => onMove(image.key, -1)}
                  >
                    <ArrowBackIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('shootingCreate.removeImage')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('shootingCreate.removeImage')}
                    disabled={disabled}
                    onClick={() => onRemove(image.key)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('shootingCreate.moveLater')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('shootingCreate.moveLater')}
                    disabled={disabled || n === images.length - 1}
                    onClick={() => onMove(image.key, 1)}
                  >
                    <ArrowForwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
