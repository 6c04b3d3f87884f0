import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

// Two chunks for what every first load needs, instead of some twenty small ones that compress worse:
// the libraries under the whole app, and the MUI core with the few controls of the login page (which
// every other screen uses too). Only what the login page itself draws belongs in the second: a component
// listed there goes to every first load. Everything else is split by route as Rolldown sees fit.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|react-is|clsx|@babel[\\/]runtime|use-sync-external-store)[\\/]/;
const MUI_BASICS =
  /node_modules[\\/]@mui[\\/]material[\\/](styles|transitions|zero-styled|DefaultPropsProvider|CssBaseline|GlobalStyles|colors|className|Box|Paper|Typography|SvgIcon|CircularProgress|ButtonBase|useLazyRipple|Button|InputBase|Input|OutlinedInput|FormControl|FormLabel|InputLabel|FormHelperText|NativeSelect)[\\/]/;

// MUI's createTheme builds a CSS-variables theme only when asked to (`cssVariables` or `colorSchemes`);
// the portal's theme, and MUI's default one, never are. That builder (~5 KB gzip) is imported by
// createTheme all the same and so lands in every first load; the production build replaces it with a
// module that says why it is missing.
const WITHOUT_CSS_VARIABLES_THEME = path.resolve(import.meta.dirname, 'src/app/no-css-variables-theme.ts');
const withoutCssVariablesTheme: Plugin = {
  name: 'forecourt:without-css-variables-theme',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './createThemeWithVars.mjs' && importer && /[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer)) return WITHOUT_CSS_VARIABLES_THEME;
    return null;
  },
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), withoutCssVariablesTheme],
  // react-router's package exports only its development build (warnings and checks included); the
  // production build of the same version is in the package beside it.
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: path.join(routerDir, 'dist/production/index.mjs') }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // No modulepreload polyfill: the supported browsers (spec section 1) preload modules themselves.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            { name: 'mui-basics', test: MUI_BASICS, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/(api|API|vision|clipping|identity|oidc|blobs|healthz|p)(/|$)': 'http://127.0.0.1:8080' } },
}));
