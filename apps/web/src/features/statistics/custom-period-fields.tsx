import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../components/date-localization';

const DISPLAY = 'DD/MM/YYYY';
const WIRE = 'YYYY-MM-DD';

export interface CustomPeriod {
  from: string;
  to: string;
}

/** The two days of a custom period, with the list's pickers (loaded only when a custom period is chosen). */
export function CustomPeriodFields({
  value,
  onChange,
  error,
}: {
  value: CustomPeriod;
  onChange: (p: CustomPeriod) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <DateLocalization>
      {(['from', 'to'] as const).map((name) => (
        <DatePicker
          key={name}
          label={t(`statistics.period.${name}`)}
          format={DISPLAY}
          disableFuture
          value={value[name] ? dayjs(value[name], WIRE) : null}
          onChange={(v) => onChange({ ...value, [name]: v && v.isValid() ? v.format(WIRE) : '' })}
          slotProps={{
            textField: {
              size: 'small',
              name,
              error: name === 'to' && Boolean(error),
              helperText: name === 'to' ? error : undefined,
            },
          }}
        />
      ))}
    </DateLocalization>
  );
}
