import { HEALTH_RATINGS, type HealthCheckItem, type HealthCheckTotals } from '@forecourt/contracts';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money';
import { RatingChip } from '../../components/severity-chip';
import { stackedRowsOnPhones } from '../../components/stacked-rows';

const DECISION_COLOUR = { PENDING: 'default', ACCEPTED: 'success', DECLINED: 'default' } as const;

/** The vehicle health check grouped red, amber, green, each group with its total, then the decisions. */
export function HealthCheckList({
  items,
  totals,
  currency,
}: {
  items: HealthCheckItem[];
  totals: HealthCheckTotals;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  if (items.length === 0) return <Typography color="text.secondary">{t('inspection.healthCheck.none')}</Typography>;
  return (
    <Stack spacing={2}>
      {HEALTH_RATINGS.map((rating) => {
        const group = items.filter((i) => i.rating === rating);
        if (group.length === 0) return null;
        return (
          <Stack
            key={rating}
            spacing={1}
            component="section"
            aria-label={t(`inspection.rating.${rating}`)}
            data-testid={`health-${rating}`}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <RatingChip rating={rating} />
              <Typography variant="body2" color="text.secondary">
                {t('inspection.healthCheck.groupTotal', { total: money(totals[rating].totalCents) })}
              </Typography>
            </Stack>
            <Table size="small" sx={stackedRowsOnPhones}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('inspection.healthCheck.item')}</TableCell>
                  <TableCell align="right">{t('inspection.healthCheck.parts')}</TableCell>
                  <TableCell align="right">{t('inspection.healthCheck.labour')}</TableCell>
                  <TableCell align="right">{t('inspection.healthCheck.total')}</TableCell>
                  <TableCell>{t('inspection.healthCheck.decision')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {group.map((item) => (
                  <TableRow key={item.id} data-testid="health-item">
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {t(`inspection.category.${item.category}`)} — {item.label}
                      </Typography>
                      {item.note ? (
                        <Typography variant="body2" color="text.secondary">
                          {item.note}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell align="right" data-label={t('inspection.healthCheck.parts')}>
                      {money(item.partsPriceCents)}
                    </TableCell>
                    <TableCell align="right" data-label={t('inspection.healthCheck.labour')}>
                      {money(item.labourPriceCents)}
                    </TableCell>
                    <TableCell align="right" data-label={t('inspection.healthCheck.total')}>
                      {money(item.totalCents)}
                    </TableCell>
                    <TableCell data-label={t('inspection.healthCheck.decision')}>
                      {rating === 'GREEN' ? (
                        '—'
                      ) : (
                        <Chip
                          size="small"
                          variant="outlined"
                          color={DECISION_COLOUR[item.decision]}
                          label={t(`inspection.decision.${item.decision}`)}
                        />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Stack>
        );
      })}
      <Table size="small" aria-label={t('inspection.healthCheck.summary')}>
        <TableBody>
          {(['proposedCents', 'acceptedCents', 'declinedCents', 'pendingCents'] as const).map((key) => (
            <TableRow key={key}>
              <TableCell sx={{ fontWeight: key === 'acceptedCents' ? 700 : 400 }}>
                {t(`inspection.healthCheck.${key}`)}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: key === 'acceptedCents' ? 700 : 400 }}
                data-testid={`health-${key}`}
              >
                {money(totals[key])}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
