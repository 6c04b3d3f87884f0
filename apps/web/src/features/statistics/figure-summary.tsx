import type { StatisticsFigures } from '@forecourt/contracts/statistics';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatAverageRating } from '../../lib/average-rating';
import { COUNT_FIGURES } from './figure-names';

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
    t('statistics.outOfFive', { value: formatAverageRating(totals.averageRating, i18n.language) }),
  ]);
  // Each tile is at least as wide as its label and its figure on one line, and the tiles of a row share what is
  // left equally: a fixed 160 px column wrapped the longer labels ("Live meetings held", "Durchschnittliche
  // Bewertung") onto two lines beside one-line ones. A row takes the tiles that fit and the others go to the next.
  return (
    <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
      {tiles.map(([key, label, value]) => (
        <Paper key={key} variant="outlined" sx={{ p: 2, flex: '1 1 0', minWidth: 'fit-content' }} data-figure={key}>
          {/* Wraps only on a screen narrower than the label itself. */}
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h4" sx={{ m: 0, whiteSpace: 'nowrap' }}>
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
