import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import federation from '@originjs/vite-plugin-federation';

/** Taken from the shell at run time, never bundled here (the shell is their only provider). */
const SHARED = ['react', 'react-dom', 'react-router', 'i18next', 'react-i18next', '@volante/plugin-ui'];

/**
 * Rolldown's minifier writes originjs' `__v__css__…` placeholder in backticks, which the plugin's
 * regex misses (`e.forEach is not a function` in remoteEntry.js). Rewrite it as a quoted string
 * before federation() looks for it (frontend-federation.md, workaround 2).
 */
function quoteCssPlaceholders(): Plugin {
  return {
    name: 'volante:quote-css-placeholders',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.code.includes('`__v__css__')) {
          chunk.code = chunk.code.replace(/`(__v__css__[^`]*)`/g, (_m, name: string) => JSON.stringify(name));
        }
      }
    },
  };
}

export default defineConfig({
  // Relative, so the same build works under /plugins/billing/ (the host serves it there).
  base: './',
  plugins: [
    react(),
    quoteCssPlaceholders(),
    federation({
      name: 'billing',
      filename: 'remoteEntry.js',
      // plugin.toml [ui] exposes = ["./routes"]: the module contract (routes, i18n, marker).
      exposes: { './routes': './src/module.tsx' },
      shared: Object.fromEntries(SHARED.map((name) => [name, { import: false }])),
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'esnext',
    modulePreload: false,
    minify: true,
    // The default `assets` doubles with base './' (assets/assets/… → 404): workaround 3.
    assetsDir: '',
    cssCodeSplit: false,
    sourcemap: false,
    // No page of its own: the only entry besides remoteEntry.js is the exposed module.
    rollupOptions: { input: 'src/module.tsx' },
  },
});
