import type { Stamp } from '@forecourt/contracts';
import { FormControl, FormHelperText, InputLabel, ListItemIcon, MenuItem, Select } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The required stamp, among the stamps of the chosen format; "required" shows once the user left it empty. */
export function StampSelector({
  stamps,
  value,
  onChange,
  disabled,
}: {
  stamps: Stamp[];
  value: string;
  onChange: (stampId: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const showRequired = touched && !disabled && !value;
  return (
    <FormControl required fullWidth disabled={disabled} error={showRequired}>
      <InputLabel id="stamp-label">{t('shootingCreate.stamp')}</InputLabel>
      <Select
        labelId="stamp-label"
        label={t('shootingCreate.stamp')}
        value={stamps.some((s) => s.id === value) ? value : ''}
        onChange={(e) => onChange(e.target.value)}
        onClose={() => setTouched(true)}
        onBlur={() => setTouched(true)}
      >
        {stamps.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            <ListItemIcon>
              <img src={s.url} alt="" width={48} height={27} style={{ objectFit: 'contain', background: '#888' }} />
            </ListItemIcon>
            {s.name}
          </MenuItem>
        ))}
      </Select>
      {showRequired && <FormHelperText>{t('common.requiredField')}</FormHelperText>}
    </FormControl>
  );
}
