import { FUNNEL_STEPS, type FunnelCounts, type StatisticsQuery } from '@forecourt/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar';
import { DATE_FORMAT } from '../../i18n/date-format';
import { downloadFunnelCsv, getFunnel } from './engagement-api';
import { engagementKeys } from './engagement-keys';

const BREAKDOWNS = ['salespeople', 'stocks', 'weeks'] as const;
type Breakdown = (typeof BREAKDOWNS)[number];

/** A step's share of the links sent, as a whole percentage in the reader's language. */
const shareOf = (n: number, sent: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'percent' }).format(sent ? n / sent : 0);

/** The four steps as bars against the links sent, with their counts and shares. */
function FunnelBars({ counts }: { counts: FunnelCounts }) {
  const { t, i18n } = useTranslation();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.75 }} data-testid="funnel-totals">
      {FUNNEL_STEPS.map((step) => (
        <Box
          key={step}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(7rem, 12rem) minmax(0, 1fr)',
            alignItems: 'center',
            gap: 1,
          }}
        >
          <Typography component="dt" variant="body2">
            {t(`funnel.steps.${step}`)}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Box
              aria-hidden
              sx={{
                height: 12,
                flex: `0 1 ${counts.sent ? (counts[step] / counts.sent) * 100 : 0}%`,
                minWidth: counts[step] ? 4 : 0,
                bgcolor: 'primary.main',
                borderRadius: 1,
              }}
            />
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid={`funnel-${step}`}>
              {counts[step]}
              {step !== 'sent' && ` (${shareOf(counts[step], counts.sent, i18n.language)})`}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The statistics' funnel of personal links (issue 31): sent → opened → engaged (over 30 s on screen or
 * over half the spin) → rated or called, for the page's period and stock, in total and per salesperson,
 * stock or week, with its CSV made by the server.
 */
export function FunnelSection({
  userId,
  query,
  enabled,
}: {
  userId: string;
  query: StatisticsQuery;
  enabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const titleId = useId();
  const [breakdown, setBreakdown] = useState<Breakdown>('salespeople');
  const [exporting, setExporting] = useState(false);
  const funnel = useQuery({
    queryKey: engagementKeys.funnel(userId, query),
    queryFn: () => getFunnel(userId, query),
    enabled: enabled && Boolean(userId),
    placeholderData: keepPreviousData,
  });
  const data = funnel.data;
  const rows: { key: string; name: string; counts: FunnelCounts }[] = !data
    ? []
    : breakdown === 'salespeople'
      ? data.salespeople.map((p) => ({ key: p.userId, name: p.name, counts: p.counts }))
      : breakdown === 'stocks'
        ? data.stocks.map((s) => ({ key: s.ownerId, name: s.name, counts: s.counts }))
        : data.weeks.map((w) => ({ key: w.week, name: dayjs(w.week).format(DATE_FORMAT), counts: w.counts }));

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFunnelCsv(userId, query, i18n.language.slice(0, 2));
    } catch {
      snackbar.show('funnel.exportError');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby={titleId} data-testid="funnel">
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}
      >
        <Typography variant="h6" component="h2" id={titleId}>
          {t('funnel.title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={exporting ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
          disabled={!data || exporting}
          onClick={() => void exportCsv()}
        >
          {t('funnel.export')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('funnel.explained')}
      </Typography>
      {funnel.isError ? (
        <Alert severity="error">{t('funnel.loadError')}</Alert>
      ) : !data ? (
        <CircularProgress size={24} aria-label={t('common.loading')} />
      ) : (
        <Box aria-busy={funnel.isFetching} sx={{ display: 'grid', gap: 2 }}>
          <FunnelBars counts={data.totals} />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={breakdown}
            onChange={(_e, v: Breakdown | null) => v && setBreakdown(v)}
            aria-label={t('funnel.breakdown')}
            sx={{ flexWrap: 'wrap' }}
          >
            {BREAKDOWNS.map((b) => (
              <ToggleButton key={b} value={b}>
                {t(`funnel.by.${b}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('funnel.none')}
            </Typography>
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label={t(`funnel.by.${breakdown}`)}>
              <Table size="small" data-testid="funnel-table">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      {t(`funnel.column.${breakdown}`)}
                    </TableCell>
                    {FUNNEL_STEPS.map((s) => (
                      <TableCell key={s} component="th" scope="col" align="right">
                        {t(`funnel.steps.${s}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.key}>
                      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                        {r.name}
                      </TableCell>
                      {FUNNEL_STEPS.map((s) => (
                        <TableCell key={s} align="right">
                          {r.counts[s]}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Box>
      )}
    </section>
  );
}
