import type { Theme } from '@mui/material/styles';
import type { CSSProperties } from 'react';

/** The theme's colours and corners as the custom properties player.module.css uses. */
export function playerThemeVars(theme: Theme): CSSProperties {
  const p = theme.palette;
  return {
    '--fc-text': p.text.primary,
    '--fc-text-2': p.text.secondary,
    '--fc-divider': p.divider,
    '--fc-paper': p.background.paper,
    '--fc-primary': p.primary.main,
    '--fc-primary-dark': p.primary.dark,
    '--fc-on-primary': p.primary.contrastText,
    '--fc-error': p.error.main,
    '--fc-disabled': p.action.disabled,
    '--fc-disabled-bg': p.action.disabledBackground,
    // MUI's outlined inputs draw their border in this colour, not from the palette.
    '--fc-outline': p.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)',
    '--fc-radius': `${theme.shape.borderRadius}px`,
  } as CSSProperties;
}
