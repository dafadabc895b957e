import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// The screens show the meetings' and attendances' instants (UTC) in Madrid with the kit's
// formatDateTime, and the rooms' times (`YYYY-MM-DDTHH:MM`, Spanish time) as they come: the tests
// run in Madrid, as the school does.
process.env.TZ = 'Europe/Madrid';

// The page tests of the remote: jsdom, the kit's set-up (a call no route answers fails the test).
export default defineConfig(remoteTestConfig());
