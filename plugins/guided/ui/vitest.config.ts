import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// Dates (`YYYY-MM-DD`) and the time a class was given are shown in Madrid: the tests run there too.
process.env.TZ = 'Europe/Madrid';

// The page tests of the remote: jsdom, the kit's set-up (a call no route answers fails the test).
export default defineConfig(remoteTestConfig());
