import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import federation from '@originjs/vite-plugin-federation';

// `npm run dev` proxies the API to a running host (VOLANTE_API, default the host's default port).
const api = process.env.VOLANTE_API ?? 'http://127.0.0.1:8080';

/**
 * The singletons every plugin remote takes from the shell (brief §5). The remotes declare the same
 * list with `import: false`, so a module never brings a second React, router, i18next or kit.
 */
export const SHARED = ['react', 'react-dom', 'react-router', 'i18next', 'react-i18next', '@volante/plugin-ui'] as const;

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'shell',
      // The remotes come from the host at run time (GET plugin/modules → setRemote). A shell with
      // `remotes: {}` never sets up the share scope, so one placeholder that is never fetched is
      // declared (docs: frontend-federation.md, workaround 1).
      remotes: { __placeholder: 'data:text/javascript,export{}' },
      // The shell is the only provider of these; remotes take them with `import: false`.
      shared: [...SHARED],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'esnext',
    modulePreload: false,
    // The size report reads it to know what the first load fetches.
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': api, '/healthz': api, '/plugins': api },
  },
});
