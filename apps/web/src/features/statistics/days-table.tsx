import type { StatisticsResponse } from '@forecourt/contracts/statistics';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { COUNT_FIGURES } from './figure-names';
import { showDay } from './statistics-period';

/** Every day's figures: what the chart draws, readable as text. */
export function DaysTable({ data, id }: { data: StatisticsResponse; id: string }) {
  const { t } = useTranslation();
  return (
    <TableContainer id={id} tabIndex={0} role="region" aria-label={t('statistics.perDay')} sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader data-testid="days-table">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('statistics.day')}
            </TableCell>
            {COUNT_FIGURES.map((f) => (
              <TableCell key={f} component="th" scope="col" align="right">
                {t(`statistics.figures.${f}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.days.map((d) => (
            <TableRow key={d.date}>
              <TableCell component="th" scope="row">
                {showDay(d.date)}
              </TableCell>
              {COUNT_FIGURES.map((f) => (
                <TableCell key={f} align="right">
                  {d[f]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
