import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * Chromium keeps the glyphs of text it laid out while that text's font subset (unicode-range) was
 * still loading: on a machine without a Chinese system font they stay empty boxes after the
 * subset arrives (even new elements with the same words and font are drawn so). So a page's first
 * content stays out of layout (display: none) until the subsets for its text have loaded, at most
 * 1.5 s; then it is shown as if the wrapper were not there (display: contents). `also`
 * gives text the page shows once it arrives (the configured title of the sign-in page).
 */
export function FontGate({ children, also = async () => '' }: { children: ReactNode; also?: () => Promise<string> }) {
  const ref = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured once, when the page first mounts (`also` is fixed per route)
  useLayoutEffect(() => {
    let live = true;
    const text = (ref.current as HTMLDivElement).textContent;
    const show = () => live && setReady(true);
    Promise.race([
      also()
        .catch(() => '')
        .then((extra) => document.fonts.load('16px "Noto Sans SC"', text + extra)),
      new Promise((r) => setTimeout(r, 1500)),
    ]).then(show, show);
    return () => {
      live = false;
    };
  }, []);
  return (
    <div ref={ref} style={{ display: ready ? 'contents' : 'none' }}>
      {children}
    </div>
  );
}
