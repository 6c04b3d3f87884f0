import type { VehicleResponse } from '@forecourt/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { DetailRows } from '../../components/detail-rows';
import { EngagementPanel } from '../engagement/engagement-panel';
import { LiveEntry, PlayerEntry } from './other-entries';
import { ShootingEntry } from './shooting-entry';
import { fetchVehicle } from './vehicle-api';
import { vehicleKeys } from './vehicle-keys';

/** The vehicle's identity (spec section 2's detail rows for registration, VIN, brand and model). */
function IdentityCard({ vehicle: v }: { vehicle: VehicleResponse['vehicle'] }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ['registration', v.registration],
    ['vin', v.vin ?? '—'],
    ['brand', v.brand ?? '—'],
    ['model', v.model ?? '—'],
  ];
  return (
    <Card component="section" aria-labelledby="vehicle-identity">
      <CardContent>
        <Typography id="vehicle-identity" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('vehicle.identity')}
        </Typography>
        <DetailRows rows={rows} testIdPrefix="vehicle" />
      </CardContent>
    </Card>
  );
}

/** /vehicles/:registration: one vehicle of the caller's stocks and everything that happened to it, newest first. */
export function VehiclePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { registration = '' } = useParams();
  const vehicle = useQuery({
    queryKey: vehicleKeys.vehicle(registration),
    queryFn: () => fetchVehicle(registration),
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && failures < 2,
  });
  const missing = vehicle.error instanceof ApiError && (vehicle.error.status === 404 || vehicle.error.status === 400);
  const v = vehicle.data;

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <IconButton aria-label={t('common.back')} onClick={() => void navigate('/shootings')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('vehicle.title', { registration: v?.vehicle.registration ?? registration.toUpperCase() })}
        </Typography>
      </Stack>
      {vehicle.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : vehicle.isError ? (
        <Alert severity={missing ? 'info' : 'error'}>{t(missing ? 'vehicle.notFound' : 'vehicle.loadError')}</Alert>
      ) : v ? (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 4, lg: 3 }}>
            <IdentityCard vehicle={v.vehicle} />
          </Grid>
          <Grid size={{ xs: 12, md: 8, lg: 9 }} component="section" aria-labelledby="vehicle-timeline">
            <Typography id="vehicle-timeline" variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('vehicle.timeline')}
            </Typography>
            {v.events.length === 0 ? (
              <Alert severity="info">{t('vehicle.empty')}</Alert>
            ) : (
              <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="vehicle-timeline">
                {v.events.map((e) =>
                  e.kind === 'SHOOTING' ? (
                    <ShootingEntry key={`s-${e.shootingId}`} event={e} />
                  ) : e.kind === 'PLAYER_LINK' ? (
                    <PlayerEntry key={`p-${e.ref}`} event={e} />
                  ) : (
                    <LiveEntry key={`l-${e.roomId}`} event={e} />
                  ),
                )}
              </Box>
            )}
          </Grid>
          <Grid size={12}>
            <EngagementPanel source={{ kind: 'vehicle', registration: v.vehicle.registration }} />
          </Grid>
        </Grid>
      ) : null}
    </Container>
  );
}
