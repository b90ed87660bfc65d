// Same as main.tsx: antd's static message/Modal need the React 19 render patch.
import '@ant-design/v5-patch-for-react-19';
import { cleanup, configure } from '@testing-library/react';
import { message } from 'antd';
import lazyMessage from 'antd/es/message';
import { afterAll, afterEach } from 'vitest';
import { toastsShown } from './api/toast.ts';

// happy-dom lacks what antd measures layout with; these stubs stand in for the browser, not for app code.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // A toast still on screen would fire its close timer after the test environment is gone:
  // remove it now and let React finish that work while the environment still exists.
  // The app's toasts come from antd/es/message (loaded on first use), which may be another module
  // instance than 'antd' here: clear both, once a toast still being loaded is on screen
  // (otherwise it would appear after the clearing, with its close timer running).
  await toastsShown();
  message.destroy();
  lazyMessage.destroy();
  await new Promise((resolve) => setTimeout(resolve, 20));
});

// React may still hold scheduled work (a last render from an animation end or a settled request)
// when a file ends; if it ran after the environment is torn down it would throw 'window is not
// defined' into whichever file runs next in this worker. Let it run while the window exists.
afterAll(async () => {
  cleanup();
  await toastsShown();
  message.destroy();
  lazyMessage.destroy();
  await new Promise((resolve) => setTimeout(resolve, 200));
});

// The default 1 s wait for findBy*/waitFor is too short on a busy shared machine (lazy dialogs,
// antd animations); waiting longer changes no assertion, only how long a failure takes to show.
configure({ asyncUtilTimeout: 10_000 });
