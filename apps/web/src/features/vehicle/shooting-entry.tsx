import { shootingDetailRoute, type VehicleShootingEvent } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StatusLabel } from '../../components/status-label';
import { dateTimeFormat } from '../../i18n/date-format';
import { formatMoney } from '../../lib/money';
import { RatingChip } from '../../components/severity-chip';
import { ShootingTypeIcon, TYPE_LABEL_KEYS } from '../../components/shooting-type-icon';
import { ReportDownload } from './report-download';
import { Facts, TimelineEntry } from './timeline-entry';

const DECISION_COLOUR = { ACCEPTED: 'success', DECLINED: 'default', PENDING: 'warning' } as const;
const THUMB = { width: { xs: '100%', sm: 160 }, height: 100 };

/** A shooting of the vehicle: type, status, thumbnail and, for inspections, what they recorded. */
export function ShootingEntry({ event: e }: { event: VehicleShootingEvent }) {
  const { t, i18n } = useTranslation();
  const type = t(TYPE_LABEL_KEYS[e.shootingType]);
  const insp = e.inspection;
  const key = { ownerId: e.ownerId, productId: e.productId, shootingId: e.shootingId };
  return (
    <TimelineEntry
      testId="vehicle-event-shooting"
      icon={<ShootingTypeIcon type={e.shootingType} fontSize="small" />}
      title={t('vehicle.shooting.title', { type })}
      at={e.at}
      chip={<StatusLabel status={e.status} />}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {e.thumbnailUrl ? (
          <Box
            component="img"
            src={e.thumbnailUrl}
            alt=""
            loading="lazy"
            sx={{ ...THUMB, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
          />
        ) : (
          <Box
            aria-hidden
            sx={{
              ...THUMB,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              borderRadius: 1,
              flexShrink: 0,
            }}
          >
            <ShootingTypeIcon type={e.shootingType} color="disabled" sx={{ fontSize: 40 }} />
          </Box>
        )}
        <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
          <Facts
            items={[
              e.shootingType !== 'VIDEO' && t('vehicle.shooting.pictures', { count: e.numberOfPictures }),
              t('vehicle.stock', { name: e.ownerName }),
              insp?.condition
                ? `${t('inspection.condition.label')}: ${t(`inspection.condition.${insp.condition}`)}`
                : null,
              insp ? t('vehicle.inspection.damages', { count: insp.damages, severe: insp.severeDamages }) : null,
              insp?.mileage != null
                ? t('vehicle.inspection.mileage', { mileage: insp.mileage.toLocaleString(i18n.language) })
                : null,
            ]}
          />
          {insp?.repairOrder ? (
            <Box>
              <Typography variant="subtitle2" component="h4">
                {insp.repairOrder.number
                  ? t('vehicle.inspection.repairOrder', { number: insp.repairOrder.number })
                  : t('inspection.repairOrder.title')}
              </Typography>
              {insp.repairOrder.decisions.length === 0 ? (
                <Typography variant="body2">{t('inspection.healthCheck.none')}</Typography>
              ) : (
                <List dense disablePadding aria-label={t('inspection.healthCheck.decision')}>
                  {insp.repairOrder.decisions.map((d, i) => (
                    <ListItem
                      key={i}
                      disableGutters
                      sx={{ flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
                      data-testid="vehicle-decision"
                    >
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {d.label} · {t(`inspection.category.${d.category}`)} ·{' '}
                        {formatMoney(d.priceCents, insp.currency, i18n.language)}
                      </Typography>
                      <RatingChip rating={d.rating} />
                      <Chip
                        size="small"
                        color={DECISION_COLOUR[d.decision]}
                        label={t(`inspection.decision.${d.decision}`)}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
          ) : null}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={shootingDetailRoute({
                ownerId: e.ownerId,
                productId: e.productId,
                id: e.shootingId,
                shootingType: e.shootingType,
              })}
              size="small"
              variant="contained"
              aria-label={t('vehicle.shooting.openLabel', {
                type,
                date: dayjs(e.at).format(dateTimeFormat(i18n.language)),
              })}
            >
              {t('vehicle.shooting.open')}
            </Button>
            {insp?.reports.map((kind) => (
              <ReportDownload key={kind} kind={kind} shooting={key} />
            ))}
          </Stack>
        </Stack>
      </Stack>
    </TimelineEntry>
  );
}
