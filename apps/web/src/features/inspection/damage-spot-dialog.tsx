import type { Damage, ShootingImage, ShootingType, VehiclePicture } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useId, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../i18n/date-format';
import { moveSpot, percent, spotFromClick, type SpotPoint } from './spot-keys';

export type SpotPicture = Pick<ShootingImage, 'id' | 'order' | 'url' | 'thumbnailUrl'>;

const TYPE_KEYS: Record<ShootingType, string> = {
  STANDARD: 'standard',
  VIDEO: 'videos',
  INSPECTION: 'inspection',
  INSPECTION_REPAIR_ORDER: 'inspectionRepairOrder',
};

/** The pictures by shooting, in the order the server gives them (the inspection's own first). */
function byShooting(pictures: VehiclePicture[]): { shootingId: string; pictures: VehiclePicture[] }[] {
  const groups = new Map<string, VehiclePicture[]>();
  for (const p of pictures) groups.set(p.shootingId, [...(groups.get(p.shootingId) ?? []), p]);
  return [...groups].map(([shootingId, list]) => ({ shootingId, pictures: list }));
}

/**
 * Places a damage on a picture of the vehicle (the inspection's own or one of the vehicle's other
 * shootings', such as the spin a player shows): choose the picture, then click where the damage is, or
 * (keyboard) focus the picture, move the marker with the arrow keys (Shift for big steps) and press Enter.
 */
export function DamageSpotDialog({
  damage,
  shootingId,
  pictures,
  busy,
  onSave,
  onRemove,
  onClose,
}: {
  damage: Damage;
  /** The inspection's shooting, whose pictures are listed as its own. */
  shootingId: string;
  pictures: VehiclePicture[];
  busy: boolean;
  onSave: (spot: SpotPoint & { imageId: string }) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const statusId = useId();
  const groupId = useId();
  const groups = useMemo(() => byShooting(pictures), [pictures]);
  const groupName = (g: { shootingId: string; pictures: VehiclePicture[] }) =>
    g.shootingId === shootingId
      ? t('inspection.spot.thisInspection')
      : t('inspection.spot.otherShooting', {
          type: t(`shootings.types.${TYPE_KEYS[g.pictures[0]!.shootingType]}`),
          date: dayjs(g.pictures[0]!.shootingCreated).format(DATE_FORMAT),
        });
  const placedHere = pictures.find((p) => p.id === damage.spot?.imageId);
  const [pictureId, setPictureId] = useState(placedHere?.id ?? pictures[0]?.id ?? '');
  const [spot, setSpot] = useState<SpotPoint | null>(
    placedHere && damage.spot ? { x: damage.spot.x, y: damage.spot.y } : null,
  );
  const picture = pictures.find((p) => p.id === pictureId);
  const name = `${t(`inspection.zone.${damage.zone}`)} — ${t(`inspection.kind.${damage.kind}`)}`;

  const save = () => {
    if (picture && spot && !busy) onSave({ imageId: picture.id, ...spot });
  };
  const onClick = (e: MouseEvent<HTMLDivElement>) =>
    setSpot(spotFromClick(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY));
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
            {groups.map((g, gi) => (
              <Box key={g.shootingId} sx={{ mb: 2 }}>
                <Typography id={`${groupId}-${gi}`} variant="subtitle2" component="h3">
                  {groupName(g)}
                </Typography>
                <ToggleButtonGroup
                  exclusive
                  size="small"
                  value={g.pictures.some((p) => p.id === pictureId) ? pictureId : null}
                  onChange={(_e, v: string | null) => {
                    if (!v) return;
                    setPictureId(v);
                    setSpot(null);
                  }}
                  aria-labelledby={`${groupId}-${gi}`}
                  sx={{ flexWrap: 'wrap' }}
                >
                  {g.pictures.map((p) => (
                    <ToggleButton
                      key={p.id}
                      value={p.id}
                      aria-label={t('inspection.spot.pictureOption', { order: p.order })}
                      sx={{ p: 0.5 }}
                    >
                      <Box
                        component="img"
                        src={p.thumbnailUrl ?? p.url}
                        alt=""
                        sx={{ width: 64, height: 48, objectFit: 'cover', display: 'block' }}
                      />
                    </ToggleButton>
                  ))}
                </ToggleButtonGroup>
              </Box>
            ))}
            {picture ? (
              <Box
                role="application"
                tabIndex={0}
                aria-label={t('inspection.spot.area', { order: picture.order })}
                aria-describedby={statusId}
                data-testid="spot-picture"
                onClick={onClick}
                onKeyDown={onKeyDown}
                sx={{
                  position: 'relative',
                  cursor: 'crosshair',
                  lineHeight: 0,
                  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                <Box
                  component="img"
                  src={picture.url}
                  alt=""
                  draggable={false}
                  sx={{ width: '100%', display: 'block', userSelect: 'none' }}
                />
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
              {spot
                ? t('inspection.spot.position', { x: percent(spot.x), y: percent(spot.y) })
                : t('inspection.spot.noMarker')}
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
