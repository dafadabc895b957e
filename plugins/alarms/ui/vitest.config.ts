import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// The screens show times in Madrid (the kit's formatting) and a new alarm's day is Madrid's
// today: the tests run in Madrid.
process.env.TZ = 'Europe/Madrid';

export default defineConfig(remoteTestConfig());
