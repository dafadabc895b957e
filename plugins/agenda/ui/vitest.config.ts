import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// The screens show the API's plain dates (`YYYY-MM-DD`) with the kit's formatDate (Madrid), and
// "today" is Madrid's: the tests run in Madrid.
process.env.TZ = 'Europe/Madrid';

export default defineConfig(remoteTestConfig());
