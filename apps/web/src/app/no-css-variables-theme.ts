/**
 * Stands in, in the production build, for MUI's CSS-variables theme builder (see vite.config.ts): the
 * portal's theme has no CSS variables, so MUI never calls it.
 */
export default function createThemeWithVars(): never {
  throw new Error('The portal theme has no CSS variables (apps/web/vite.config.ts)');
}
