import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// The pages show the API's UTC times in the browser's local time: the tests read them in
// Madrid (set here, before the workers start, so every Date and Intl formatter sees it).
process.env.TZ = 'Europe/Madrid';

export default defineConfig(remoteTestConfig());
