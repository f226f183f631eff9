import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import './style-rules';

// Route modules load lazily; on a busy CI machine the first import can take longer than the
// default one second that findBy* and waitFor wait.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: scrolling is a no-op.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
