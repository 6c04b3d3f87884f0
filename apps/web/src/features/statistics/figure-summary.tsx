import type { StatisticsFigures } from '@forecourt/contracts/statistics';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { COUNT_FIGURES, formatAverage } from './figure-names';

/** The period's totals, one tile per figure, as a description list. */
export function FigureSummary({ totals }: { totals: StatisticsFigures }) {
  const { t, i18n } = useTranslation();
  const tiles: [string, string, string][] = COUNT_FIGURES.map((f) => [
    f,
    t(`statistics.figures.${f}`),
    String(totals[f]),
  ]);
  tiles.splice(4, 0, [
    'averageRating',
    t('statistics.figures.averageRating'),
    t('statistics.outOfFive', { value: formatAverage(totals.averageRating, i18n.language) }),
  ]);
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 2, m: 0 }}
    >
      {tiles.map(([key, label, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 2, containerType: 'inline-size' }} data-figure={key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          {/* One line always: the figure shrinks with its tile ("3.89 / 5" in a 160 px tile) instead of wrapping. */}
          <Typography component="dd" variant="h4" sx={{ m: 0, whiteSpace: 'nowrap', fontSize: 'min(2.125rem, 20cqi)' }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
