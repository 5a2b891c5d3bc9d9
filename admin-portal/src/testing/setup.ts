import { cleanup } from '@testing-library/react';
import { afterEach, inject, vi } from 'vitest';

import { clearAppState } from '@/lib/app-state';

// Every screen calls the real API process of this run (test-support/ui-api-setup.ts); getEnv() reads this at its first call.
vi.stubEnv('VITE_API_URL', inject('uiApi').url);

afterEach(() => {
  cleanup();
  clearAppState();
  localStorage.clear();
  sessionStorage.clear();
});
