import { pickOrderGallery, vehicleRoute, type ShootingDetail } from '@forecourt/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DetailRows } from '../../components/detail-rows';
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
        <DetailRows rows={rows} testIdPrefix="detail" />
      </CardContent>
    </Card>
  );
}
