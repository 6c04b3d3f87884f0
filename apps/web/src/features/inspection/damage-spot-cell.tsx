import type { Damage, VehiclePicture } from '@forecourt/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import type { ShootingKey } from '../../lib/shooting-key';
import { DamageSpotDialog, type SpotPicture } from './damage-spot-dialog';
import { fetchDamagePictures, placeDamage, removeDamageSpot } from './inspection-api';
import { inspectionKeys } from './inspection-keys';

/** Where a damage is in the spin (which picture), and the button that places or moves it. */
export function DamageSpotCell({
  shooting,
  damage,
  pictures,
}: {
  shooting: ShootingKey;
  damage: Damage;
  pictures: SpotPicture[];
}) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  // The vehicle's pictures (signed URLs) are asked for when the dialog opens, not with the page; the
  // dialog is open while they are held.
  const [pictureList, setPictureList] = useState<VehiclePicture[] | null>(null);
  const [loading, setLoading] = useState(false);
  const openDialog = async () => {
    setLoading(true);
    try {
      setPictureList(
        await queryClient.fetchQuery({
          queryKey: inspectionKeys.damagePictures(shooting),
          queryFn: () => fetchDamagePictures(shooting),
          staleTime: 60_000,
        }),
      );
    } catch {
      snackbar.show('inspection.spot.picturesError');
    } finally {
      setLoading(false);
    }
  };
  const close = () => setPictureList(null);
  const done = async (message: string) => {
    await queryClient.invalidateQueries({
      queryKey: inspectionKeys.inspection(shooting),
    });
    close();
    snackbar.show(message, 'success');
  };
  const place = useMutation({
    mutationFn: (spot: { imageId: string; x: number; y: number }) => placeDamage(shooting, damage.id, spot),
    onSuccess: () => done('inspection.spot.saved'),
    onError: () => snackbar.show('inspection.spot.error'),
  });
  const remove = useMutation({
    mutationFn: () => removeDamageSpot(shooting, damage.id),
    onSuccess: () => done('inspection.spot.removed'),
    onError: () => snackbar.show('inspection.spot.error'),
  });
  const on = damage.spot ? pictures.find((p) => p.id === damage.spot?.imageId) : undefined;
  const name = `${t(`inspection.zone.${damage.zone}`)} — ${t(`inspection.kind.${damage.kind}`)}`;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" data-testid="damage-spot">
        {on
          ? t('inspection.spot.placed', { order: on.order })
          : damage.spot
            ? t('inspection.spot.placedElsewhere')
            : t('inspection.spot.notPlaced')}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        loading={loading}
        onClick={() => void openDialog()}
        aria-label={`${damage.spot ? t('inspection.spot.move') : t('inspection.spot.place')}: ${name}`}
      >
        {damage.spot ? t('inspection.spot.move') : t('inspection.spot.place')}
      </Button>
      {pictureList ? (
        <DamageSpotDialog
          damage={damage}
          shootingId={shooting.shootingId}
          pictures={pictureList}
          busy={place.isPending || remove.isPending}
          onSave={(spot) => place.mutate(spot)}
          onRemove={() => remove.mutate()}
          onClose={close}
        />
      ) : null}
    </Stack>
  );
}
