import type { InspectionView } from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoPlayer } from '../../components/video-player';
import type { ShootingKey } from '../../lib/shooting-key';
import type { SpotPicture } from './damage-spot-dialog';
import { DamagesList } from './damages-list';
import { HealthCheckList } from './health-check-list';
import { fetchInspection } from './inspection-api';
import { formatMoney } from '../../lib/money';
import { inspectionKeys } from './inspection-keys';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const day = (iso: string) => iso.split('-').reverse().join('/');

/** The inspection itself on its detail page: condition and damages, or the repair order's health check and workshop video. */
export function InspectionPanel({ shooting, pictures }: { shooting: ShootingKey; pictures: SpotPicture[] }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: inspectionKeys.inspection(shooting),
    queryFn: () => fetchInspection(shooting),
  });
  if (query.isPending) return <CircularProgress aria-label={t('common.loading')} />;
  if (query.isError) return <Alert severity="error">{t('api.commonError')}</Alert>;
  return <InspectionContent shooting={shooting} inspection={query.data} pictures={pictures} />;
}

function InspectionContent({
  shooting,
  inspection,
  pictures,
}: {
  shooting: ShootingKey;
  inspection: InspectionView;
  pictures: SpotPicture[];
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, inspection.currency, i18n.language);
  const repairOrder = inspection.shootingType === 'INSPECTION_REPAIR_ORDER';
  return (
    <Stack spacing={2} data-testid="inspection-panel">
      {repairOrder ? (
        <Section title={t('inspection.repairOrder.title')}>
          {inspection.repairOrder ? (
            <Typography data-testid="repair-order">
              {t('inspection.repairOrder.summary', {
                number: inspection.repairOrder.number,
                mileage: new Intl.NumberFormat(i18n.language).format(inspection.repairOrder.mileage),
                customer: inspection.repairOrder.customerName,
              })}
            </Typography>
          ) : (
            <Typography color="text.secondary">{t('inspection.repairOrder.none')}</Typography>
          )}
        </Section>
      ) : null}
      {repairOrder ? (
        <Section title={t('inspection.healthCheck.title')}>
          <HealthCheckList
            items={inspection.healthCheck.items}
            totals={inspection.healthCheck.totals}
            currency={inspection.currency}
          />
        </Section>
      ) : null}
      {repairOrder ? (
        <Section title={t('inspection.workshopVideo')}>
          <VideoPlayer videos={inspection.workshopVideo ? [{ ...inspection.workshopVideo, type: 'ORIGINAL' }] : []} />
        </Section>
      ) : null}
      <Section title={t('inspection.damages.title')}>
        {inspection.overallCondition ? (
          <Chip
            sx={{ mb: 1 }}
            label={`${t('inspection.condition.label')}: ${t(`inspection.condition.${inspection.overallCondition}`)}`}
          />
        ) : null}
        <DamagesList
          shooting={shooting}
          pictures={pictures}
          damages={inspection.damages}
          totalCents={inspection.damagesTotalCents}
          currency={inspection.currency}
        />
      </Section>
      {inspection.tradeInOffers.length > 0 ? (
        <Section title={t('inspection.tradeIn.title')}>
          {inspection.tradeInOffers.map((offer) => (
            <Stack key={offer.id} spacing={0.5} sx={{ mb: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {t('inspection.tradeIn.offer', { amount: money(offer.amountCents), date: day(offer.validUntil) })}
              </Typography>
              {offer.conditions ? (
                <Typography variant="body2" color="text.secondary">
                  {offer.conditions}
                </Typography>
              ) : null}
            </Stack>
          ))}
        </Section>
      ) : null}
    </Stack>
  );
}
