// Plain JavaScript (with a .d.ts beside it): vite loads a config's imports from packages with
// Node, which does not run TypeScript.
/**
 * The build of a plugin's federated remote (shared/design/frontend-federation.md), the same for
 * every plugin UI: `vite.config.ts` is `export default remoteConfig('<plugin id>')` and
 * `vitest.config.ts` is `export default remoteTestConfig()`.
 */
import react from '@vitejs/plugin-react';
import federation from '@originjs/vite-plugin-federation';

/** Taken from the shell at run time, never bundled in a remote (the shell is their only provider). */
export const SHARED = ['react', 'react-dom', 'react-router', 'i18next', 'react-i18next', '@volante/plugin-ui'];

/**
 * Rolldown's minifier writes originjs' `__v__css__…` placeholder in backticks, which the plugin's
 * regex misses (`e.forEach is not a function` in remoteEntry.js). Rewrite it as a quoted string
 * before federation() looks for it (frontend-federation.md, workaround 2).
 */
/** @returns {import('vite').Plugin} */
export function quoteCssPlaceholders() {
  return {
    name: 'volante:quote-css-placeholders',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.code.includes('`__v__css__')) {
          chunk.code = chunk.code.replace(/`(__v__css__[^`]*)`/g, (_m, name) => JSON.stringify(name));
        }
      }
    },
  };
}

/** The remote `name` (plugin.toml `[ui] remote`), exposing `./routes` from `src/module.tsx`. */
/**
 * @param {string} name
 * @returns {import('vite').UserConfig}
 */
export function remoteConfig(name) {
  return {
    // Relative, so the same build works under /plugins/<id>/ (the host serves it there).
    base: './',
    plugins: [
      react(),
      quoteCssPlaceholders(),
      federation({
        name,
        filename: 'remoteEntry.js',
        // plugin.toml [ui] exposes = ["./routes"]: the module contract (routes, i18n, marker).
        exposes: { './routes': './src/module.tsx' },
        shared: Object.fromEntries(SHARED.map((id) => [id, { import: false }])),
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
  };
}

/** Page tests of a remote: jsdom, the kit's set-up (unanswered API calls fail the test). */
/** @returns {import('vitest/config').ViteUserConfig} */
export function remoteTestConfig() {
  return {
    plugins: [react()],
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['@volante/plugin-ui/testing/setup'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // A page test types and clicks through a whole form: seconds on a loaded two-core machine.
      testTimeout: 30_000,
    },
  };
}
