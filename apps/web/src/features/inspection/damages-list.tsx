import type { Damage } from '@forecourt/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ShootingKey } from '../../lib/shooting-key';
import { DamageSpotCell } from './damage-spot-cell';
import type { SpotPicture } from './damage-spot-dialog';
import { formatMoney } from '../../lib/money';
import { SeverityChip } from '../../components/severity-chip';
import { stackedRowsOnPhones } from '../../components/stacked-rows';

/**
 * The damages of an inspection: photo, zone, kind, severity, note, estimated repair and where it is in the
 * spin (placed from here), with the total.
 */
export function DamagesList({
  shooting,
  damages,
  totalCents,
  currency,
  pictures,
}: {
  shooting: ShootingKey;
  damages: Damage[];
  totalCents: number;
  currency: string;
  pictures: SpotPicture[];
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  if (damages.length === 0) return <Typography color="text.secondary">{t('inspection.damages.none')}</Typography>;
  return (
    <Table size="small" aria-label={t('inspection.damages.title')} sx={stackedRowsOnPhones}>
      <TableHead>
        <TableRow>
          <TableCell>{t('inspection.damages.photo')}</TableCell>
          <TableCell>{t('inspection.damages.damage')}</TableCell>
          <TableCell>{t('inspection.damages.severity')}</TableCell>
          <TableCell>{t('inspection.spot.column')}</TableCell>
          <TableCell align="right">{t('inspection.damages.estimatedCost')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {damages.map((d) => (
          <TableRow key={d.id} data-testid="damage-row">
            <TableCell sx={{ width: 112 }}>
              {d.photo ? (
                <Box component="a" href={d.photo.url} target="_blank" rel="noopener noreferrer">
                  <Box
                    component="img"
                    src={d.photo.thumbnailUrl ?? d.photo.url}
                    alt={t(`inspection.zone.${d.zone}`)}
                    sx={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 1 }}
                  />
                </Box>
              ) : null}
            </TableCell>
            <TableCell>
              <Stack>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t(`inspection.zone.${d.zone}`)} — {t(`inspection.kind.${d.kind}`)}
                </Typography>
                {d.note ? (
                  <Typography variant="body2" color="text.secondary">
                    {d.note}
                  </Typography>
                ) : null}
              </Stack>
            </TableCell>
            <TableCell data-label={t('inspection.damages.severity')}>
              <SeverityChip severity={d.severity} />
            </TableCell>
            <TableCell data-label={t('inspection.spot.column')}>
              <DamageSpotCell shooting={shooting} damage={d} pictures={pictures} />
            </TableCell>
            <TableCell align="right" data-label={t('inspection.damages.estimatedCost')}>
              {money(d.estimatedCostCents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={4}>{t('inspection.damages.total')}</TableCell>
          <TableCell align="right" data-testid="damages-total" data-label="">
            {money(totalCents)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
