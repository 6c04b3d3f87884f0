import { STATISTICS_MAX_DAYS } from '@forecourt/contracts/statistics';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { useAuth } from '../../auth/auth-context';
import { DailyChart } from './daily-chart';
import { DaysTable } from './days-table';
import { COUNT_FIGURES, type CountFigure } from './figure-names';
import { FigureSummary } from './figure-summary';
import { fetchStatistics, fetchStocks } from './statistics-api';
import { browserTimeZone, lastDays, PRESET_DAYS, showDay, type PeriodChoice } from './statistics-period';
import { StocksTable } from './stocks-table';
import type { CustomPeriod } from './custom-period-fields';
import { statisticsKeys } from './statistics-keys';
import { FunnelSection } from '../engagement/funnel-section';

const CustomPeriodFields = lazy(() =>
  import('./custom-period-fields').then((m) => ({ default: m.CustomPeriodFields })),
);

/** Why a custom period cannot be asked for, as a locale key; null when it can. */
function customPeriodError(p: CustomPeriod): string | null {
  if (!p.from || !p.to) return 'statistics.period.incomplete';
  if (p.from > p.to) return 'statistics.period.reversed';
  if (dayjs(p.to).diff(dayjs(p.from), 'day') >= STATISTICS_MAX_DAYS) return 'statistics.period.tooLong';
  return null;
}

/** /statistics: what the customers did with the caller's shared players, per stock and per day. */
export function StatisticsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.profile.preferred_username ?? '';
  const ids = { period: useId(), stock: useId(), table: useId() };
  const [choice, setChoice] = useState<PeriodChoice>(30);
  const [custom, setCustom] = useState<CustomPeriod>(() => lastDays(30));
  const [ownerId, setOwnerId] = useState('');
  const [figure, setFigure] = useState<CountFigure>('playerViews');
  const [tableOpen, setTableOpen] = useState(false);
  const timeZone = useMemo(() => browserTimeZone(), []);

  const customError = choice === 'custom' ? customPeriodError(custom) : null;
  const period = choice === 'custom' ? custom : lastDays(choice);
  const query = { ...period, timeZone, ...(ownerId ? { ownerId } : {}) };
  const stats = useQuery({
    queryKey: statisticsKeys.figures(userId, query),
    queryFn: () => fetchStatistics(userId, query),
    enabled: Boolean(userId) && !customError,
    placeholderData: keepPreviousData,
  });
  const stocks = useQuery({
    queryKey: statisticsKeys.stocks(userId),
    queryFn: () => fetchStocks(userId),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });

  const data = stats.data;
  const error = stats.isError
    ? stats.error instanceof ApiError && stats.error.code === 'VALIDATION_ERROR'
      ? 'statistics.period.invalid'
      : 'api.commonError'
    : null;

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1">
        {t('statistics.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="statistics-group">
        {data ? t('statistics.groupLine', { group: data.group.name }) : '\u00a0'}
      </Typography>

      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        component="form"
        aria-label={t('statistics.filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel htmlFor={ids.period}>{t('statistics.period.label')}</InputLabel>
          <NativeSelect
            input={<OutlinedInput label={t('statistics.period.label')} />}
            value={String(choice)}
            inputProps={{ id: ids.period }}
            onChange={(e) => {
              const next = e.target.value === 'custom' ? 'custom' : (Number(e.target.value) as PeriodChoice);
              if (next === 'custom' && choice !== 'custom') setCustom(lastDays(choice));
              setChoice(next);
            }}
          >
            {PRESET_DAYS.map((n) => (
              <option key={n} value={n}>
                {t('statistics.period.lastDays', { days: n })}
              </option>
            ))}
            <option value="custom">{t('statistics.period.custom')}</option>
          </NativeSelect>
        </FormControl>
        {choice === 'custom' && (
          <Suspense fallback={<CircularProgress size={24} aria-label={t('common.loading')} />}>
            <CustomPeriodFields value={custom} onChange={setCustom} error={customError ? t(customError) : null} />
          </Suspense>
        )}
        <FormControl size="small" sx={{ minWidth: 200 }}>
          {/* "All stocks" is the empty value: the label must stay raised above it, not drawn over it. */}
          <InputLabel shrink htmlFor={ids.stock}>
            {t('statistics.stock')}
          </InputLabel>
          <NativeSelect
            input={<OutlinedInput notched label={t('statistics.stock')} />}
            value={ownerId}
            inputProps={{ id: ids.stock }}
            onChange={(e) => setOwnerId(e.target.value)}
          >
            <option value="">{t('statistics.allStocks')}</option>
            {[...(stocks.data ?? [])]
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
          </NativeSelect>
        </FormControl>
      </Paper>

      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(error)}
        </Alert>
      )}
      {!data && stats.isPending && !customError && (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {data && (
        // minmax(0, 1fr): a grid track otherwise grows to its widest content (the chart, the tables), and the
        // chart, measuring its box, would keep that width and scroll the page sideways on a phone.
        <Box aria-busy={stats.isFetching} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
          <section aria-labelledby={`${ids.table}-summary`}>
            <Typography variant="h6" component="h2" id={`${ids.table}-summary`} sx={{ mb: 1 }}>
              {t('statistics.summary', { from: showDay(data.from), to: showDay(data.to) })}
            </Typography>
            <FigureSummary totals={data.totals} />
          </section>

          <section aria-labelledby={`${ids.table}-days`}>
            <Typography variant="h6" component="h2" id={`${ids.table}-days`} sx={{ mb: 1 }}>
              {t('statistics.perDay')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={figure}
              onChange={(_e, v: CountFigure | null) => v && setFigure(v)}
              aria-label={t('statistics.chart.figure')}
              sx={{ mb: 1, flexWrap: 'wrap' }}
            >
              {COUNT_FIGURES.map((f) => (
                <ToggleButton key={f} value={f}>
                  {t(`statistics.figures.${f}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <DailyChart
              label={t(`statistics.figures.${figure}`)}
              days={data.days.map((d) => ({ date: d.date, value: d[figure] }))}
            />
            <Button
              onClick={() => setTableOpen((o) => !o)}
              aria-expanded={tableOpen}
              aria-controls={ids.table}
              sx={{ mt: 1 }}
            >
              {t(tableOpen ? 'statistics.hideTable' : 'statistics.showTable')}
            </Button>
            {tableOpen && <DaysTable data={data} id={ids.table} />}
          </section>

          <section aria-labelledby={`${ids.table}-stocks`}>
            <Typography variant="h6" component="h2" id={`${ids.table}-stocks`} sx={{ mb: 1 }}>
              {t('statistics.perStock')}
            </Typography>
            <StocksTable data={data} />
          </section>
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <FunnelSection userId={userId} query={query} enabled={!customError} />
      </Box>
    </Container>
  );
}
