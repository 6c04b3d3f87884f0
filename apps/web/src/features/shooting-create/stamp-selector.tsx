import type { Stamp } from '@forecourt/contracts';
import { FormControl, FormHelperText, InputLabel, ListItemIcon, MenuItem, Select } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The required stamp, among the stamps of the chosen format. */
export function StampSelector({ stamps, value, onChange, disabled, showRequired }: { stamps: Stamp[]; value: string; onChange: (stampId: string) => void; disabled?: boolean; showRequired: boolean }) {
  const { t } = useTranslation();
  return (
    <FormControl required fullWidth disabled={disabled} error={showRequired && !value}>
      <InputLabel id="stamp-label">{t('shootingCreate.stamp')}</InputLabel>
      <Select labelId="stamp-label" label={t('shootingCreate.stamp')} value={stamps.some((s) => s.id === value) ? value : ''} onChange={(e) => onChange(e.target.value)}>
        {stamps.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            <ListItemIcon>
              <img src={s.url} alt="" width={48} height={27} style={{ objectFit: 'contain', background: '#888' }} />
            </ListItemIcon>
            {s.name}
          </MenuItem>
        ))}
      </Select>
      {showRequired && !value && <FormHelperText>{t('common.requiredField')}</FormHelperText>}
    </FormControl>
  );
}
