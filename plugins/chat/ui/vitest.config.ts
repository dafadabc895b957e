import { defineConfig } from 'vitest/config';
import { remoteTestConfig } from '@volante/plugin-ui/vite';

// The page tests of the remote: jsdom, the kit's set-up (a call no route answers fails the test).
export default defineConfig(remoteTestConfig());
