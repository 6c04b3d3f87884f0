/**
 * The portal theme's colours and corners (components/theme.tsx, createPortalTheme) as the custom properties
 * player.module.css uses, light and dark. Written out rather than computed, so the player needs no MUI;
 * player-theme.test.ts checks them against the theme itself.
 */
const LIGHT = {
  '--fc-text': 'rgba(0, 0, 0, 0.87)',
  '--fc-text-2': 'rgba(0, 0, 0, 0.6)',
  '--fc-divider': 'rgba(0, 0, 0, 0.12)',
  '--fc-paper': '#fff',
  '--fc-background': '#fff',
  '--fc-primary': '#0f3d75',
  '--fc-primary-dark': 'rgb(10, 42, 81)',
  '--fc-on-primary': '#fff',
  '--fc-error': '#d32f2f',
  '--fc-disabled': 'rgba(0, 0, 0, 0.26)',
  '--fc-disabled-bg': 'rgba(0, 0, 0, 0.12)',
  // MUI's outlined inputs draw their border in this colour, not from the palette.
  '--fc-outline': 'rgba(0, 0, 0, 0.23)',
  '--fc-radius': '8px',
  // A Paper at elevation 6 (the cookie banner) is lightened in dark mode.
  '--fc-overlay-6': 'none',
};

const DARK: typeof LIGHT = {
  '--fc-text': '#fff',
  '--fc-text-2': 'rgba(255, 255, 255, 0.7)',
  '--fc-divider': 'rgba(255, 255, 255, 0.12)',
  '--fc-paper': '#121212',
  '--fc-background': '#121212',
  '--fc-primary': '#7fb2f0',
  '--fc-primary-dark': 'rgb(88, 124, 168)',
  '--fc-on-primary': 'rgba(0, 0, 0, 0.87)',
  '--fc-error': '#f44336',
  '--fc-disabled': 'rgba(255, 255, 255, 0.3)',
  '--fc-disabled-bg': 'rgba(255, 255, 255, 0.12)',
  '--fc-outline': 'rgba(255, 255, 255, 0.23)',
  '--fc-radius': '8px',
  '--fc-overlay-6': 'linear-gradient(rgba(255, 255, 255, 0.108), rgba(255, 255, 255, 0.108))',
};

export const playerThemeVars = (dark: boolean): Record<keyof typeof LIGHT, string> => (dark ? DARK : LIGHT);

/** The colours for the whole page (player-baseline.css paints the body with them, as MUI's baseline does). */
export function applyPlayerTheme(dark: boolean, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(playerThemeVars(dark))) root.style.setProperty(name, value);
}
