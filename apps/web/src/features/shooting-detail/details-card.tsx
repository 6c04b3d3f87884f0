import { pickOrderGallery, type ShootingDetail } from '@forecourt/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusLabel } from '../../components/status-label';
import { displayVin } from './detail-rules';

/** The left column: the vehicle and the shooting (spec section 2). */
export function DetailsCard({ shooting: s }: { shooting: ShootingDetail }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    ['registration', s.details.registration],
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
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 6 }}>
          {rows.map(([key, value]) => (
            <Fragment key={key}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`shootingDetail.details.${key}`)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }} data-testid={`detail-${key}`}>
                {value}
              </Typography>
            </Fragment>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
