import { REGISTRATION_MAX_LENGTH, registrationProblem, type AvailableProduct } from '@forecourt/contracts';
import { Autocomplete, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  products: AvailableProduct[];
  loading: boolean;
  disabled?: boolean;
  /** The upper-cased registration and the known vehicle it names, if any. */
  onChange: (registration: string, product: AvailableProduct | null) => void;
}

/** The registration combobox: one of the user's vehicles waiting for photos, or a new registration typed in. */
export function RegistrationField({ value, products, loading, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const known = (registration: string) => products.find((p) => p.registration.toUpperCase() === registration) ?? null;
  // Checked as it is typed, with the server's own rule: the field says what to change, where a refused
  // registration would only fail the send. An empty field is told by its required mark.
  const problem = value.trim() ? registrationProblem(value) : null;
  const emit = (text: string) => {
    const registration = text.toUpperCase();
    onChange(registration, registration ? known(registration.trim()) : null);
  };
  return (
    <Autocomplete
      freeSolo
      options={[...new Set(products.map((p) => p.registration.toUpperCase()))]}
      loading={loading}
      disabled={disabled}
      inputValue={value}
      onInputChange={(_e, text) => emit(text)}
      onChange={(_e, option) => emit(typeof option === 'string' ? option : '')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('shootingCreate.registration')}
          required
          error={problem !== null}
          helperText={problem ? t(`registration.problems.${problem}`, { max: REGISTRATION_MAX_LENGTH }) : undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, style: { textTransform: 'uppercase' } },
          }}
        />
      )}
    />
  );
}
