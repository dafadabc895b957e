import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['@volante/plugin-ui/testing/setup'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
