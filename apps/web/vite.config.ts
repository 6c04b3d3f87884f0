import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const routerDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));

// Three chunks for what every first load of the portal needs, instead of some twenty small ones that
// compress worse: React and i18next, which the public player's entry (player.html) shares; the rest of
// the portal's libraries (router, emotion), which the player must not load; and the MUI core with the few
// controls of the login page (which every other screen uses too). Only what the login page itself draws
// belongs in the last: a component listed there goes to every first load. Everything else is split by
// route as Rolldown sees fit.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store)[\\/]/;
const PORTAL_FRAMEWORK =
  /node_modules[\\/](react-router|react-router-dom|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|react-is|clsx|@babel[\\/]runtime)[\\/]/;
const MUI_BASICS =
  /node_modules[\\/]@mui[\\/]material[\\/](styles|transitions|zero-styled|DefaultPropsProvider|CssBaseline|GlobalStyles|colors|className|Box|Typography|SvgIcon|CircularProgress|ButtonBase|useLazyRipple|Button|InputBase|Input|OutlinedInput|FormControl|FormLabel|InputLabel|FormHelperText|NativeSelect)[\\/]/;
// Server state, in one chunk rather than five: the screens that call the API and the public player use all of it.
const QUERY = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;

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
    if (source === './createThemeWithVars.mjs' && importer && /[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer))
      return WITHOUT_CSS_VARIABLES_THEME;
    return null;
  },
};

// The development server answers the public player's path with its page, as the server does in production
// (apps/server/src/app.ts).
const PLAYER_PATH = /^\/public\/player\/[^/?]+\/?(\?|$)/;
const playerPageInDevelopment: Plugin = {
  name: 'forecourt:player-page',
  apply: 'serve',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && PLAYER_PATH.test(req.url)) req.url = '/player.html';
      next();
    });
  },
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), withoutCssVariablesTheme, playerPageInDevelopment],
  // react-router's package exports only its development build (warnings and checks included); the
  // production build of the same version is in the package beside it.
  resolve: {
    alias:
      mode === 'production'
        ? [{ find: /^react-router$/, replacement: path.join(routerDir, 'dist/production/index.mjs') }]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // No modulepreload polyfill: the supported browsers (spec section 1) preload modules themselves.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The portal, and the public player's own page (served for /public/player/{reference}).
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        player: path.resolve(import.meta.dirname, 'player.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 3 },
            { name: 'portal-framework', test: PORTAL_FRAMEWORK, priority: 2 },
            { name: 'mui-basics', test: MUI_BASICS, priority: 1 },
            { name: 'query', test: QUERY, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '^/(api|API|vision|clipping|identity|oidc|blobs|healthz|p)(/|$)': 'http://127.0.0.1:8080' } },
}));
