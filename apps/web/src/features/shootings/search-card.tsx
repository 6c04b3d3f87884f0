import type { ShootingType } from '@forecourt/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ClearIcon from '@mui/icons-material/Clear';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { loadDayjsLocale } from '../../lib/dayjs-locales';
import type { ShootingSearch } from './shootings-api';
import { ShootingTypeIcon, TYPE_LABEL_KEYS } from '../../components/shooting-type-icon';

// The date pickers are the heaviest part of the list screen: they arrive (with the language's dayjs
// locale) just after it, the list and the other filters do not wait for them.
const DateRangeFields = lazy(() =>
  import('./date-range-fields').then(async (m) => {
    await loadDayjsLocale(i18n.language);
    return { default: m.DateRangeFields };
  }),
);

/** The search card of spec section 2: registration, date range, types; Reset and Search. */
export function SearchCard({ offered, onSearch }: { offered: ShootingType[]; onSearch: (s: ShootingSearch) => void }) {
  const { t } = useTranslation();
  const empty: ShootingSearch = { registration: '', startDate: '', endDate: '', types: offered };
  const { control, handleSubmit, reset, setValue } = useForm<ShootingSearch>({ defaultValues: empty });
  const types = useWatch({ control, name: 'types' });
  const registration = useWatch({ control, name: 'registration' });
  // Reset draws the date pickers anew: a date typed in part holds no value, so clearing values alone left it shown.
  const [drawn, setDrawn] = useState(0);

  const toggle = (type: ShootingType) =>
    setValue(
      'types',
      types.includes(type) ? types.filter((x) => x !== type) : offered.filter((x) => x === type || types.includes(x)),
    );

  return (
    <Card component="section" aria-label={t('shootings.search.title')}>
      <CardContent>
        <form
          onSubmit={handleSubmit((values) => onSearch(values))}
          onReset={(e) => {
            e.preventDefault();
            reset(empty);
            setDrawn((n) => n + 1);
            onSearch(empty);
          }}
        >
          {/* Aligned at the top: a field's message under it (an end before the start) does not lift it above the others. */}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <Controller
              name="registration"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label={t('shootings.search.registration')}
                  size="small"
                  slotProps={{
                    input: {
                      endAdornment: registration ? (
                        <InputAdornment position="end">
                          <IconButton
                            size="small"
                            aria-label={t('shootings.search.clear')}
                            onClick={() => setValue('registration', '')}
                          >
                            <ClearIcon fontSize="small" />
                          </IconButton>
                        </InputAdornment>
                      ) : undefined,
                    },
                  }}
                />
              )}
            />
            <Suspense
              fallback={(['startDate', 'endDate'] as const).map((name) => (
                <TextField key={name} label={t(`shootings.search.${name}`)} size="small" disabled />
              ))}
            >
              <DateRangeFields key={drawn} control={control} />
            </Suspense>
          </Stack>
          <FormGroup row sx={{ mt: 1 }}>
            {offered.map((type) => (
              <Tooltip key={type} title={t(TYPE_LABEL_KEYS[type])} enterDelay={500}>
                <FormControlLabel
                  control={<Checkbox checked={types.includes(type)} onChange={() => toggle(type)} />}
                  label={
                    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                      <ShootingTypeIcon type={type} fontSize="small" />
                      <span>{t(TYPE_LABEL_KEYS[type])}</span>
                    </Stack>
                  }
                />
              </Tooltip>
            ))}
          </FormGroup>
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
            <Button type="reset" variant="outlined">
              {t('common.reset')}
            </Button>
            <Button type="submit" variant="contained" disabled={types.length === 0}>
              {t('common.search')}
            </Button>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
