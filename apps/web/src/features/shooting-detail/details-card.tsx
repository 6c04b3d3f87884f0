import { pickOrderGallery, vehicleRoute, type ShootingDetail } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StatusLabel } from '../../components/status-label';
import { displayVin } from './detail-rules';

/** The left column: the vehicle and the shooting (spec section 2). */
export function DetailsCard({ shooting: s }: { shooting: ShootingDetail }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    // The registration opens the vehicle's page: every shooting, inspection, link and meeting of this car.
    [
      'registration',
      <Link
        key="registration"
        component={RouterLink}
        to={vehicleRoute(s.details.registration)}
        aria-label={t('vehicle.openLabel', { registration: s.details.registration })}
      >
        {s.details.registration}
      </Link>,
    ],
    ['vin', displayVin(s.details.vin)],
    ['brand', s.details.brand ?? '—'],
    ['model', s.details.model ?? '—'],
    ['status', <StatusLabel key="status" status={s.remarketingShootingStatus} />],
    ['stock', s.ownerName],
    ['creator', s.user?.fullName ?? '—'],
    ['date', dayjs(s.created).format('DD/MM/YYYY - HH:mm:ss')],
    ['imagesCount', pickOrderGallery(s.images).length],
    ['stamp', s.stamps.map((x) => x.name).join(', ') || '—'],
  ];
  return (
    <Card component="section" aria-label={t('shootingDetail.details.title')}>
      <CardContent>
        <Box component="dl" sx={{ m: 0, display: 'grid', rowGap: 0.75 }}>
          {rows.map(([key, value]) => (
            // A row wraps its value below its name when both do not fit side by side, so that a VIN (one
            // word of 17 characters) moves to its own line whole instead of breaking mid-string.
            <Box key={key} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ flex: '0 0 7.5rem' }}>
                {t(`shootingDetail.details.${key}`)}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{
                  m: 0,
                  flex: '1 1 auto',
                  minWidth: 0,
                  ...(key === 'vin' ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere', flexBasis: '8rem' }),
                }}
                data-testid={`detail-${key}`}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
