import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { playerFramePath } from '@forecourt/contracts/player-media';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchVehiclePlayer } from './live-api';
import { liveKeys } from './live-keys';

/**
 * The vehicle's 360 spin in the call. The host turns it (slider, arrow keys) and every participant sees
 * the same frame, carried by the signalling socket; the others follow.
 */
export function VehicleSpin({
  playerRef,
  registration,
  frame,
  host,
  onTurn,
}: {
  playerRef: string;
  registration: string;
  frame: number;
  host: boolean;
  onTurn: (frame: number) => void;
}) {
  const { t } = useTranslation();
  const player = useQuery({
    queryKey: liveKeys.vehicle(playerRef),
    queryFn: () => fetchVehiclePlayer(playerRef),
    staleTime: 5 * 60_000,
  });
  const frames = player.data?.frames ?? [];
  const index = frames.length ? Math.min(frame, frames.length - 1) : 0;
  return (
    <Box
      data-testid="vehicle-spin"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: 'background.paper', p: 1 }}
    >
      <Typography variant="subtitle1" component="h2">
        {t('rooms.vehicle.title', { registration })}
      </Typography>
      <Box sx={{ flex: 1, minHeight: 0, display: 'grid', placeItems: 'center' }}>
        {frames[index] ? (
          <Box
            component="img"
            src={playerFramePath(playerRef, index, frames[index], 1080, 'jpg')}
            alt={t('rooms.vehicle.frame', { registration, n: index + 1, count: frames.length })}
            data-frame={index}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Typography color="text.secondary">
            {player.isError ? t('rooms.vehicle.unavailable') : t('common.loading')}
          </Typography>
        )}
      </Box>
      {host && frames.length > 1 && (
        <Slider
          value={index}
          min={0}
          max={frames.length - 1}
          step={1}
          onChange={(_e, v) => onTurn(v)}
          aria-label={t('rooms.vehicle.turn')}
        />
      )}
    </Box>
  );
}
