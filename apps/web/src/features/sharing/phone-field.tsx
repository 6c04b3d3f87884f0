import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A country (for numbers typed without +) and the number itself. */
export function PhoneField(props: {
  country: CountryCode;
  onCountry: (c: CountryCode) => void;
  number: string;
  onNumber: (n: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return getCountries()
      .map((code) => ({ code, label: `${names.of(code) ?? code} (+${getCountryCallingCode(code)})` }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [i18n.language]);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2, mb: 1 }}>
      <FormControl sx={{ minWidth: 200 }}>
        <InputLabel variant="standard" htmlFor="sms-country">
          {t('sharing.sms.country')}
        </InputLabel>
        <NativeSelect
          id="sms-country"
          value={props.country}
          onChange={(e) => props.onCountry(e.target.value as CountryCode)}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      <TextField
        label={t('sharing.sms.phone')}
        value={props.number}
        onChange={(e) => props.onNumber(e.target.value)}
        onBlur={props.onBlur}
        type="tel"
        autoComplete="tel"
        required
        fullWidth
        error={Boolean(props.error)}
        helperText={props.error ? t(props.error) : ' '}
      />
    </Stack>
  );
}
