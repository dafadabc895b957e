import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` proxies the API to a running host (VOLANTE_API, default the host's default port).
const api = process.env.VOLANTE_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The size report reads it to know what the first load fetches.
    manifest: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': api, '/healthz': api },
  },
});
