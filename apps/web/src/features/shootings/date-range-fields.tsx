import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ShootingSearch } from './shootings-api';
import { DateLocalization } from '../../components/date-localization';

const DISPLAY = 'DD/MM/YYYY';
const WIRE = 'YYYY-MM-DD';

/** The search's date range: the pickers (and dayjs's locale) load after the list's first screen. */
export function DateRangeFields({ control }: { control: Control<ShootingSearch> }) {
  const { t } = useTranslation();
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
              ? { validate: (end, values) => !end || !values.startDate || end >= values.startDate }
              : { deps: ['endDate'] }
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
                  error: Boolean(fieldState.error),
                  helperText: fieldState.error ? t('listSearch.endBeforeStart') : undefined,
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
