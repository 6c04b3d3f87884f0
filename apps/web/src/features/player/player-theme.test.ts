import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { playerThemeVars } from './player-theme';

describe('playerThemeVars', () => {
  it('gives the player the portal theme’s colours and corners, light or dark', () => {
    const light = playerThemeVars(createTheme({ palette: { primary: { main: '#0f3d75' } }, shape: { borderRadius: 8 } }));
    expect(light).toMatchObject({ '--fc-primary': '#0f3d75', '--fc-on-primary': '#fff', '--fc-radius': '8px', '--fc-text': 'rgba(0, 0, 0, 0.87)' });
    const dark = playerThemeVars(createTheme({ palette: { mode: 'dark', primary: { main: '#7fb2f0' } } }));
    expect(dark).toMatchObject({ '--fc-primary': '#7fb2f0', '--fc-text': '#fff', '--fc-paper': '#121212', '--fc-outline': 'rgba(255, 255, 255, 0.23)' });
  });
});
