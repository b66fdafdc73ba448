import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { pageOf } from '../../packages/contracts/src/pages.ts';
import { plainIcons } from './plain-icons-plugin.ts';
import { pureContracts } from './pure-contracts-plugin.ts';
import { installableDashboard } from './pwa-plugin.ts';

// The API listens on 127.0.0.1 by default (HOST), which "localhost" may not resolve to first.
const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/** In development, each address gets the HTML the server would send: the site's or the dashboard's. */
function sitePagesInDev(): Plugin {
  return {
    name: 'balas-site-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        if (req.method === 'GET' && req.headers.accept?.includes('text/html') && !path.includes('.')) {
          const query = req.url?.slice(path.length) ?? '';
          req.url = `${pageOf(path).app === 'site' ? '/site.html' : '/index.html'}${query}`;
        }
        next();
      });
    },
  };
}

// react-router's package points every bundler at its development build (extra checks and warnings on
// each render and navigation); a production build takes the production one it ships beside it.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// Two entries: the dashboard (index.html, React + MUI) and the public site (site.html, Preact and
// plain CSS, prerendered by scripts/finish-build.mjs). The site's files carry a Preact JSX pragma.
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: import.meta.dirname,
  resolve: {
    alias: [
      // MUI calls emotion's styled as a function only; the package's main module also makes a styled
      // component for each of 130 HTML and SVG tags (`styled.div`) as it loads, which nothing here uses.
      { find: /^@emotion\/styled$/, replacement: '@emotion/styled/base' },
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  plugins: [
    react({ exclude: /\/src\/site\// }),
    sitePagesInDev(),
    installableDashboard(),
    pureContracts(),
    plainIcons(),
  ],
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    sourcemap: !isSsrBuild,
    // Which chunks each page loads: read by scripts/web-size.mjs for the size budgets.
    manifest: !isSsrBuild,
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            input: {
              app: `${import.meta.dirname}/index.html`,
              site: `${import.meta.dirname}/site.html`,
            },
            // React, the data cache and the router are on every dashboard page: one file, not a
            // dozen pieces split by which lazy pages share them (each piece compresses worse).
            // Every matching module goes in, whichever page uses it: a lazy page that needs another
            // part of these libraries (e.g. react-query's useQueries) grows the first load.
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'dashboard-core',
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
                  },
                  // MUI is not in the shell (decision 41): its core, its overlays and its form fields are
                  // one file each, whichever page needs them, rather than dozens of small pieces (each a
                  // request on a phone's link).
                  {
                    name: 'mui-core',
                    test: /node_modules[\\/](@emotion|stylis|react-is|@mui[\\/](system|styled-engine|utils|private-theming|material[\\/](styles|utils|internal|ButtonBase|Typography|Paper|Box|Stack|Button|CircularProgress)))[\\/]/,
                  },
                  {
                    name: 'mui-overlays',
                    test: /node_modules[\\/](@popperjs|@mui[\\/]material[\\/](Modal|Portal|Popper|Popover|Grow|Fade|Backdrop|Unstable_TrapFocus|ClickAwayListener|Menu|MenuList|MenuItem|List|ListItem|ListItemText|ListItemIcon|ListItemButton|Divider|Tooltip|Snackbar|SnackbarContent|Dialog|DialogTitle|DialogContent|DialogContentText|DialogActions))[\\/]/,
                  },
                  {
                    name: 'mui-fields',
                    test: /node_modules[\\/]@mui[\\/]material[\\/](TextField|InputBase|OutlinedInput|FilledInput|Input|InputLabel|InputAdornment|FormControl|FormLabel|FormHelperText|FormControlLabel|FormGroup|Select|NativeSelect|Switch|Checkbox|Radio|RadioGroup)[\\/]/,
                  },
                ],
              },
            },
          },
        }),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/socket.io': { target: api, ws: true },
      '/sandbox': api,
      '/widget.js': api,
      '/widget/': api,
    },
  },
}));
