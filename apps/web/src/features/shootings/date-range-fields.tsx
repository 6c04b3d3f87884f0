import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useRef } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ShootingSearch } from './shootings-api';
import { DateLocalization } from '../../components/date-localization';

const DISPLAY = 'DD/MM/YYYY';
const WIRE = 'YYYY-MM-DD';

/**
 * The search's date range: the pickers (and dayjs's locale) load after the list's first screen. A date typed
 * only in part (31/MM/YYYY) holds no date: it is refused with a message rather than searched as no date.
 */
export function DateRangeFields({ control }: { control: Control<ShootingSearch> }) {
  const { t } = useTranslation();
  // The picker publishes nothing while a date is typed in part: what it shows is read from its input.
  const inputs = useRef<Partial<Record<keyof ShootingSearch, HTMLInputElement | null>>>({});
  const finished = (name: 'startDate' | 'endDate') => {
    const shown = inputs.current[name]?.value ?? '';
    // Empty sections show their placeholders (DD/MM/YYYY, JJ/MM/AAAA): no digit, no date typed.
    return !/\d/.test(shown) || dayjs(shown, DISPLAY, true).isValid() || 'common.invalidDateFormat';
  };
  return (
    <DateLocalization>
      {(['startDate', 'endDate'] as const).map((name) => (
        <Controller
          key={name}
          name={name}
          control={control}
          // The end is checked against the start, and again whenever the start changes: the server refuses
          // the range otherwise, and the grid should never pay for a typo in a date.
          rules={
            name === 'endDate'
              ? {
                  validate: {
                    finished: () => finished('endDate'),
                    order: (end, values) =>
                      !end || !values.startDate || end >= values.startDate || 'listSearch.endBeforeStart',
                  },
                }
              : { deps: ['endDate'], validate: () => finished('startDate') }
          }
          render={({ field, fieldState }) => (
            <DatePicker
              label={t(`shootings.search.${name}`)}
              format={DISPLAY}
              value={field.value ? dayjs(field.value, WIRE) : null}
              onChange={(v) => field.onChange(v && v.isValid() ? v.format(WIRE) : '')}
              slotProps={{
                textField: {
                  size: 'small',
                  name,
                  inputRef: (input: HTMLInputElement | null) => {
                    inputs.current[name] = input;
                  },
                  error: Boolean(fieldState.error),
                  helperText: fieldState.error?.message ? t(fieldState.error.message) : undefined,
                },
                field: { clearable: true },
              }}
            />
          )}
        />
      ))}
    </DateLocalization>
  );
}
