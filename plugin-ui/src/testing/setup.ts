import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { verifyNoUnhandledRequests } from './mockApi';

// findBy…/waitFor wait up to 5 s (not 1 s) for what they expect: on a loaded two-core machine a
// render after a mocked call can take over a second. A wrong result still fails, only later.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  verifyNoUnhandledRequests();
});
