import type { StatisticsResponse } from '@forecourt/contracts/statistics';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { formatAverageRating } from '../../lib/average-rating';
import { COUNT_FIGURES } from './figure-names';

/** The figures per stock, the views also drawn as bars against the busiest stock. */
export function StocksTable({ data }: { data: StatisticsResponse }) {
  const { t, i18n } = useTranslation();
  const most = Math.max(1, ...data.owners.map((o) => o.figures.playerViews));
  return (
    <TableContainer tabIndex={0} role="region" aria-label={t('statistics.perStock')}>
      <Table size="small" data-testid="stocks-table">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('statistics.stock')}
            </TableCell>
            {COUNT_FIGURES.map((f) => (
              <TableCell key={f} component="th" scope="col" align="right">
                {t(`statistics.figures.${f}`)}
              </TableCell>
            ))}
            <TableCell component="th" scope="col" align="right">
              {t('statistics.figures.averageRating')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.owners.map((o) => (
            <TableRow key={o.ownerId} data-owner={o.ownerId}>
              <TableCell component="th" scope="row">
                {o.name}
              </TableCell>
              {COUNT_FIGURES.map((f) => (
                <TableCell key={f} align="right">
                  {f === 'playerViews' ? (
                    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1 }}>
                      <Box
                        aria-hidden
                        sx={{
                          height: 8,
                          width: `${(o.figures.playerViews / most) * 80}px`,
                          bgcolor: 'primary.main',
                          borderRadius: 1,
                        }}
                      />
                      {o.figures.playerViews}
                    </Box>
                  ) : (
                    o.figures[f]
                  )}
                </TableCell>
              ))}
              <TableCell align="right">{formatAverageRating(o.figures.averageRating, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
