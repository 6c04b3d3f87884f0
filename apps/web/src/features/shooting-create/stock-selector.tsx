import { stockDisplayName, type UserOwner } from '@forecourt/contracts';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ownerName = (o: UserOwner) => stockDisplayName(o);

/**
 * The stock of a new registration: shown as text and chosen when there is one, a required select otherwise,
 * whose "Required" shows once the user left it empty (not before they reached it).
 */
export function StockSelector({
  owners,
  value,
  onChange,
  disabled,
}: {
  owners: UserOwner[];
  value: string;
  onChange: (ownerId: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const showRequired = touched && !value;
  const only = owners.length === 1 ? owners[0]! : null;
  useEffect(() => {
    if (only && value !== only.id) onChange(only.id);
  }, [only, value, onChange]);

  if (only) {
    return (
      <Typography data-testid="single-stock">
        {t('shootingCreate.stock')}: {ownerName(only)}
      </Typography>
    );
  }
  return (
    <FormControl required error={showRequired} disabled={disabled} fullWidth>
      <InputLabel id="stock-label">{t('shootingCreate.stock')}</InputLabel>
      <Select
        labelId="stock-label"
        label={t('shootingCreate.stock')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onClose={() => setTouched(true)}
        onBlur={() => setTouched(true)}
      >
        {owners.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {ownerName(o)}
          </MenuItem>
        ))}
      </Select>
      {showRequired && <FormHelperText>{t('common.required')}</FormHelperText>}
    </FormControl>
  );
}
