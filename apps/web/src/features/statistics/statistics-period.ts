import dayjs from 'dayjs';

export const PRESET_DAYS = [7, 30, 90] as const;
export type PeriodChoice = (typeof PRESET_DAYS)[number] | 'custom';

/** The last `days` calendar days, today included, as yyyy-mm-dd. */
export function lastDays(days: number, today = dayjs()): { from: string; to: string } {
  return { from: today.subtract(days - 1, 'day').format('YYYY-MM-DD'), to: today.format('YYYY-MM-DD') };
}

/** The browser's time zone, in which the days are counted; UTC when the browser does not tell. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** dd/mm/yyyy, as the portal shows dates (spec section 9). */
export const showDay = (day: string): string => dayjs(day).format('DD/MM/YYYY');

/** Ticks for a count axis: 0, then round steps up to at least the maximum (at most five intervals). */
export function countTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}
