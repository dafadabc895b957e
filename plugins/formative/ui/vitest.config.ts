import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// The screens show instants (UTC: when a student reached 90 %, last read the page) in Madrid with
// the kit's formatDate, and the assignments' days (`YYYY-MM-DD`) as they come: the tests run in
// Madrid, as the school does.
process.env.TZ = 'Europe/Madrid';

// The page tests of the remote: jsdom, the kit's set-up (a call no route answers fails the test).
export default defineConfig(remoteTestConfig());
