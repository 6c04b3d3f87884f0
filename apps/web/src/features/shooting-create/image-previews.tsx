import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Card, CardActions, CardMedia, Grid, IconButton, Tooltip, Typography } from '@mui/material';
import type { Format } from '@forecourt/contracts';
import { useTranslation } from 'react-i18next';
import { cropFrame, isNoticeableCut, type CropFrame } from './crop-frame';
import type { PickedImage } from './use-picked-images';

const SHADE = 'rgba(0, 0, 0, 0.6)';

/**
 * The whole photo with what stamping to the format cuts off shaded, so that a dealer sees a wheel that would
 * touch the edge before sending (the stamped picture is the photo cut to the format, centred).
 */
function FramedPhoto({ image, frame }: { image: PickedImage; frame: CropFrame }) {
  const size = image.size as { width: number; height: number };
  const band = `${(frame.perSide * 100).toFixed(2)}%`;
  const bands =
    frame.axis === 'sides'
      ? [
          { left: 0, top: 0, bottom: 0, width: band },
          { right: 0, top: 0, bottom: 0, width: band },
        ]
      : [
          { top: 0, left: 0, right: 0, height: band },
          { bottom: 0, left: 0, right: 0, height: band },
        ];
  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: `${size.width} / ${size.height}` }}>
      <Box
        component="img"
        src={image.previewUrl}
        alt={image.file.name}
        sx={{ display: 'block', width: '100%', height: '100%' }}
      />
      {bands.map((b, i) => (
        <Box key={i} aria-hidden data-testid="crop-band" sx={{ position: 'absolute', bgcolor: SHADE, ...b }} />
      ))}
    </Box>
  );
}

/** Each picture's cut when stamped to the format, where a dealer would notice it. */
export const noticeableCuts = (images: PickedImage[], format: Format | null): Map<string, CropFrame> =>
  new Map(
    images.flatMap((image) => {
      if (!format || !image.size || image.size === 'unreadable') return [];
      const frame = cropFrame(image.size, format);
      return isNoticeableCut(frame) ? [[image.key, frame] as const] : [];
    }),
  );

/**
 * The picked pictures in image order, each removable and movable earlier or later; once the format is chosen, a
 * picture that stamping would cut shows whole, the cut shaded and told in figures.
 */
export function ImagePreviews({
  images,
  onRemove,
  onMove,
  disabled,
  cuts = new Map(),
}: {
  images: PickedImage[];
  onRemove: (key: string) => void;
  onMove: (key: string, by: -1 | 1) => void;
  disabled?: boolean;
  cuts?: Map<string, CropFrame>;
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
              {cuts.has(image.key) ? (
                <FramedPhoto image={image} frame={cuts.get(image.key)!} />
              ) : (
                <CardMedia
                  component="img"
                  image={image.previewUrl}
                  alt={image.file.name}
                  sx={{ height: 110, objectFit: 'cover' }}
                />
              )}
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
            {cuts.has(image.key) && (
              <Typography variant="caption" component="p" sx={{ px: 1 }} data-testid="crop-cut">
                {t(`shootingCreate.crop.${cuts.get(image.key)!.axis}`, {
                  percent: Math.round(cuts.get(image.key)!.perSide * 100),
                })}
              </Typography>
            )}
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
