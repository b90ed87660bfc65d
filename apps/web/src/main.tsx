// The React 19 patch must run before antd is used (static message/Modal, wave effect).
import '@ant-design/v5-patch-for-react-19';
// A Chinese webfont split by unicode-range: the browser fetches only the subsets on screen, so
// Chinese renders on machines without a Chinese system font (CSS and fonts, no JS).
import '@fontsource/noto-sans-sc/400.css';
import './app/fonts.css';
import './app/focus.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadWebConfig } from './api/request.ts';
import { reloadOnceForChunk } from './app/chunk-reload.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';

// Start fetching the client credentials now; the first call waits for them anyway.
loadWebConfig().catch(() => {});

// A preloaded script or style of an old build is gone after a deploy: reload once.
window.addEventListener('vite:preloadError', (event) => {
  const payload = (event as Event & { payload?: unknown }).payload;
  if (reloadOnceForChunk(payload ?? { name: 'ChunkLoadError' })) event.preventDefault();
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
