import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BANNER_POSITIONS, LOGO_POSITIONS, type SettingsStock, type StampDesign } from '@forecourt/contracts/settings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const DEFAULT_DESIGN: StampDesign = {
  frameColour: '#1f4e79',
  frameWidth: 12,
  logo: null,
  banner: { text: '', position: 'bottom', colour: '#1f4e79', textColour: '#ffffff' },
};

/** A labelled slider: its label names it for assistive technologies too. */
function LabelledSlider(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (v: number) => void;
}) {
  const id = useId();
  return (
    <Box>
      <Typography id={id} variant="body2" gutterBottom>
        {props.label}
      </Typography>
      <Slider
        aria-labelledby={id}
        value={props.value}
        min={props.min}
        max={props.max}
        valueLabelDisplay="auto"
        onChange={(_, v) => props.onChange(v as number)}
      />
    </Box>
  );
}

/** The fields of a composed stamp: frame, logo (one of the group's stocks' logos) and banner. */
export function DesignFields({
  design,
  onChange,
  stocks,
  bannerError,
}: {
  design: StampDesign;
  onChange: (d: StampDesign) => void;
  stocks: SettingsStock[];
  bannerError: boolean;
}) {
  const { t } = useTranslation();
  const withLogo = stocks.filter((s) => s.logoUrl);
  const banner = design.banner ?? DEFAULT_DESIGN.banner!;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          type="color"
          label={t('settings.stamps.frameColour')}
          value={design.frameColour}
          onChange={(e) => onChange({ ...design, frameColour: e.target.value })}
        />
        <LabelledSlider
          label={t('settings.stamps.frameWidth')}
          value={design.frameWidth}
          min={0}
          max={60}
          onChange={(frameWidth) => onChange({ ...design, frameWidth })}
        />
      </Box>
      <TextField
        select
        label={t('settings.stamps.logo')}
        value={design.logo?.ownerId ?? ''}
        helperText={withLogo.length ? undefined : t('settings.stamps.noLogo')}
        onChange={(e) =>
          onChange({
            ...design,
            logo: e.target.value
              ? {
                  ownerId: e.target.value,
                  position: design.logo?.position ?? 'top-left',
                  size: design.logo?.size ?? 14,
                }
              : null,
          })
        }
        data-testid="stamp-logo-select"
      >
        <MenuItem value="">{t('settings.stamps.noLogoChoice')}</MenuItem>
        {withLogo.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      {design.logo && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextField
            select
            label={t('settings.stamps.logoPosition')}
            value={design.logo.position}
            onChange={(e) =>
              onChange({
                ...design,
                logo: { ...design.logo!, position: e.target.value as (typeof LOGO_POSITIONS)[number] },
              })
            }
          >
            {LOGO_POSITIONS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`settings.stamps.positions.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <LabelledSlider
            label={t('settings.stamps.logoSize')}
            value={design.logo.size}
            min={5}
            max={40}
            onChange={(size) => onChange({ ...design, logo: { ...design.logo!, size } })}
          />
        </Box>
      )}
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(design.banner)}
            onChange={(e) => onChange({ ...design, banner: e.target.checked ? banner : null })}
          />
        }
        label={t('settings.stamps.banner')}
      />
      {design.banner && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr' } }}>
          <TextField
            label={t('settings.stamps.bannerText')}
            value={banner.text}
            onChange={(e) => onChange({ ...design, banner: { ...banner, text: e.target.value } })}
            error={bannerError}
            helperText={bannerError ? t('settings.errors.required') : undefined}
            sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          <TextField
            select
            label={t('settings.stamps.bannerPosition')}
            value={banner.position}
            onChange={(e) =>
              onChange({
                ...design,
                banner: { ...banner, position: e.target.value as (typeof BANNER_POSITIONS)[number] },
              })
            }
          >
            {BANNER_POSITIONS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`settings.stamps.positions.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="color"
            label={t('settings.stamps.bannerColour')}
            value={banner.colour}
            onChange={(e) => onChange({ ...design, banner: { ...banner, colour: e.target.value } })}
          />
          <TextField
            type="color"
            label={t('settings.stamps.bannerTextColour')}
            value={banner.textColour}
            onChange={(e) => onChange({ ...design, banner: { ...banner, textColour: e.target.value } })}
          />
        </Box>
      )}
    </Box>
  );
}
