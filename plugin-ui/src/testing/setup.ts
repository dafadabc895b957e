import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { verifyNoUnhandledRequests } from './mockApi';

afterEach(() => {
  cleanup();
  localStorage.clear();
  verifyNoUnhandledRequests();
});
