import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// The screens show the API's instants with the kit's formatDateTime (Madrid): the tests read them
// in Madrid too.
process.env.TZ = 'Europe/Madrid';

export default defineConfig(remoteTestConfig());
