import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// The screens show the API's plain dates (`YYYY-MM-DD`) with the kit's formatDate (Madrid): the
// tests run in Madrid, as the school does.
process.env.TZ = 'Europe/Madrid';

// The page tests of the remote: jsdom, the kit's set-up (a call no route answers fails the test).
export default defineConfig(remoteTestConfig());
