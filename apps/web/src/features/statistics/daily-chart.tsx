import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { countTicks, showDay } from './statistics-period';
import { useElementWidth } from './use-element-width';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 44 };
const MAX_LABELS = 6;

/**
 * One figure per day as bars, drawn by hand in SVG (no chart library). Its title and description give
 * the period, the total and the busiest day to screen readers; every day's figure is in the table.
 */
export function DailyChart({ days, label }: { days: { date: string; value: number }[]; label: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const id = useId();
  const [ref, width] = useElementWidth<HTMLDivElement>(720);
  const max = Math.max(0, ...days.map((d) => d.value));
  const ticks = countTicks(max);
  const top = ticks.at(-1)!;
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotW / Math.max(1, days.length);
  const y = (v: number) => MARGIN.top + plotH - (v / top) * plotH;
  const every = Math.ceil(days.length / MAX_LABELS);
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const busiest = days.reduce<{ date: string; value: number } | null>(
    (best, d) => (d.value > (best?.value ?? 0) ? d : best),
    null,
  );
  const first = days[0];
  const last = days.at(-1);

  return (
    <Box ref={ref} sx={{ width: '100%', overflow: 'hidden' }}>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="daily-chart"
      >
        <title id={`${id}-title`}>{t('statistics.chart.title', { figure: label })}</title>
        <desc id={`${id}-desc`}>
          {first && last
            ? t('statistics.chart.description', { from: showDay(first.date), to: showDay(last.date), total })
            : ''}
          {busiest ? ` ${t('statistics.chart.busiest', { date: showDay(busiest.date), value: busiest.value })}` : ''}
        </desc>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(v)} y2={y(v)} stroke={theme.palette.divider} />
            <text
              x={MARGIN.left - 6}
              y={y(v)}
              dy="0.32em"
              textAnchor="end"
              fontSize={12}
              fill={theme.palette.text.secondary}
            >
              {v}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const h = (d.value / top) * plotH;
          const x = MARGIN.left + i * band;
          return (
            <g key={d.date}>
              {d.value > 0 && (
                <rect
                  x={x + band * 0.15}
                  y={MARGIN.top + plotH - h}
                  width={Math.max(1, band * 0.7)}
                  height={h}
                  fill={theme.palette.primary.main}
                  data-date={d.date}
                  data-value={d.value}
                >
                  <title>{`${showDay(d.date)}: ${d.value}`}</title>
                </rect>
              )}
              {(i % every === 0 || i === days.length - 1) &&
                (i === days.length - 1 || days.length - 1 - i >= every / 2) && (
                  <text
                    x={x + band / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    fontSize={12}
                    fill={theme.palette.text.secondary}
                  >
                    {showDay(d.date).slice(0, 5)}
                  </text>
                )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
