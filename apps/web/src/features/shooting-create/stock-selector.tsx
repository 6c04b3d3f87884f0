import type { UserOwner } from '@forecourt/contracts';
import { FormControl, FormHelperText, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const ownerName = (o: UserOwner) => o.label || o.name || o.id;

/** The stock of a new registration: shown as text and chosen when there is one, a required select otherwise. */
export function StockSelector({ owners, value, onChange, disabled }: { owners: UserOwner[]; value: string; onChange: (ownerId: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
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
    <FormControl required error={!value} disabled={disabled} fullWidth>
      <InputLabel id="stock-label">{t('shootingCreate.stock')}</InputLabel>
      <Select labelId="stock-label" label={t('shootingCreate.stock')} value={value} onChange={(e) => onChange(e.target.value)}>
        {owners.map((o) => (
          <MenuItem key={o.id} value={o.id}>
            {ownerName(o)}
          </MenuItem>
        ))}
      </Select>
      {!value && <FormHelperText>{t('common.required')}</FormHelperText>}
    </FormControl>
  );
}
