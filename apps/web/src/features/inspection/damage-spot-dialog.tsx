import type { Damage, ShootingImage } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { moveSpot, percent, spotFromClick, type SpotPoint } from './spot-keys';

export type SpotPicture = Pick<ShootingImage, 'id' | 'order' | 'url' | 'thumbnailUrl'>;

/**
 * Places a damage on a picture of the vehicle: choose the picture, then click where the damage is, or
 * (keyboard) focus the picture, move the marker with the arrow keys (Shift for big steps) and press Enter.
 */
export function DamageSpotDialog({
  damage,
  pictures,
  busy,
  onSave,
  onRemove,
  onClose,
}: {
  damage: Damage;
  pictures: SpotPicture[];
  busy: boolean;
  onSave: (spot: SpotPoint & { imageId: string }) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const statusId = useId();
  const placedHere = pictures.find((p) => p.id === damage.spot?.imageId);
  const [pictureId, setPictureId] = useState(placedHere?.id ?? pictures[0]?.id ?? '');
  const [spot, setSpot] = useState<SpotPoint | null>(placedHere && damage.spot ? { x: damage.spot.x, y: damage.spot.y } : null);
  const picture = pictures.find((p) => p.id === pictureId);
  const name = `${t(`inspection.zone.${damage.zone}`)} — ${t(`inspection.kind.${damage.kind}`)}`;

  const save = () => {
    if (picture && spot && !busy) onSave({ imageId: picture.id, ...spot });
  };
  const onClick = (e: MouseEvent<HTMLDivElement>) => setSpot(spotFromClick(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY));
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
      return;
    }
    const next = moveSpot(spot, e.key, e.shiftKey);
    if (!next) return;
    e.preventDefault();
    setSpot(next);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('inspection.spot.title', { damage: name })}</DialogTitle>
      <DialogContent>
        {pictures.length === 0 ? (
          <Typography>{t('inspection.spot.noPictures')}</Typography>
        ) : (
          <>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={pictureId}
              onChange={(_e, v: string | null) => {
                if (!v) return;
                setPictureId(v);
                setSpot(null);
              }}
              aria-label={t('inspection.spot.pictures')}
              sx={{ flexWrap: 'wrap', mb: 2 }}
            >
              {pictures.map((p) => (
                <ToggleButton key={p.id} value={p.id} aria-label={t('inspection.spot.pictureOption', { order: p.order })} sx={{ p: 0.5 }}>
                  <Box component="img" src={p.thumbnailUrl ?? p.url} alt="" sx={{ width: 64, height: 48, objectFit: 'cover', display: 'block' }} />
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {picture ? (
              <Box
                role="application"
                tabIndex={0}
                aria-label={t('inspection.spot.area', { order: picture.order })}
                aria-describedby={statusId}
                data-testid="spot-picture"
                onClick={onClick}
                onKeyDown={onKeyDown}
                sx={{ position: 'relative', cursor: 'crosshair', lineHeight: 0, '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
              >
                <Box component="img" src={picture.url} alt="" draggable={false} sx={{ width: '100%', display: 'block', userSelect: 'none' }} />
                {spot ? (
                  <Box
                    data-testid="spot-marker"
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      left: `${spot.x * 100}%`,
                      top: `${spot.y * 100}%`,
                      width: 24,
                      height: 24,
                      transform: 'translate(-50%, -50%)',
                      borderRadius: '50%',
                      border: '3px solid #fff',
                      bgcolor: 'error.main',
                      boxShadow: '0 0 0 2px rgba(0,0,0,0.6)',
                      pointerEvents: 'none',
                    }}
                  />
                ) : null}
              </Box>
            ) : null}
            <Typography id={statusId} role="status" variant="body2" sx={{ mt: 1 }} data-testid="spot-status">
              {spot ? t('inspection.spot.position', { x: percent(spot.x), y: percent(spot.y) }) : t('inspection.spot.noMarker')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {damage.spot ? (
          <Button color="error" onClick={onRemove} disabled={busy}>
            {t('inspection.spot.remove')}
          </Button>
        ) : null}
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!spot || !picture || busy}>
          {t('inspection.spot.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
