import { alpha, getOverlayAlpha, type Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createPortalTheme } from '../../components/theme';
import { applyPlayerTheme, playerThemeVars } from './player-theme';

/** What the portal's MUI theme gives for each of the player's variables. */
function fromTheme(theme: Theme) {
  const p = theme.palette;
  return {
    '--fc-text': p.text.primary,
    '--fc-text-2': p.text.secondary,
    '--fc-divider': p.divider,
    '--fc-paper': p.background.paper,
    '--fc-background': p.background.default,
    '--fc-primary': p.primary.main,
    '--fc-primary-dark': p.primary.dark,
    '--fc-on-primary': p.primary.contrastText,
    '--fc-error': p.error.main,
    '--fc-disabled': p.action.disabled,
    '--fc-disabled-bg': p.action.disabledBackground,
    '--fc-outline': p.mode === 'light' ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)',
    '--fc-radius': `${theme.shape.borderRadius}px`,
    // MUI's Paper (theme without CSS variables) in dark mode.
    '--fc-overlay-6':
      p.mode === 'dark'
        ? `linear-gradient(${alpha('#fff', getOverlayAlpha(6))}, ${alpha('#fff', getOverlayAlpha(6))})`
        : 'none',
  };
}

describe('playerThemeVars', () => {
  it('gives the player the portal theme’s colours and corners, light or dark', () => {
    expect(playerThemeVars(false)).toEqual(fromTheme(createPortalTheme(false)));
    expect(playerThemeVars(true)).toEqual(fromTheme(createPortalTheme(true)));
  });

  it('puts them on the document, where the page’s baseline reads them', () => {
    const set = new Map<string, string>();
    const root = { style: { setProperty: (k: string, v: string) => set.set(k, v) } } as unknown as HTMLElement;
    applyPlayerTheme(true, root);
    expect(set.get('--fc-background')).toBe('#121212');
    expect(set.get('--fc-text')).toBe('#fff');
  });
});
