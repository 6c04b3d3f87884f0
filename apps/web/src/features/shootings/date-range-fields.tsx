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
          render={({ field }) => (
            <DatePicker
              label={t(`shootings.search.${name}`)}
              format={DISPLAY}
              value={field.value ? dayjs(field.value, WIRE) : null}
              onChange={(v) => field.onChange(v && v.isValid() ? v.format(WIRE) : '')}
              slotProps={{ textField: { size: 'small', name }, field: { clearable: true } }}
            />
          )}
        />
      ))}
    </DateLocalization>
  );
}
