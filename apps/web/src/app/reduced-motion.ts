// The "reduce motion" accessibility setting of the user's system or browser: while it is on, antd's
// opening and closing animations (dialogs, dropdowns, toasts) and its click wave are turned off
// (providers.tsx); the loading spinner turns slowly (page-loading.css).

const query = typeof window === 'undefined' || !window.matchMedia ? undefined : window.matchMedia('(prefers-reduced-motion: reduce)');

/** Whether the user asks for reduced motion now. */
export const prefersReducedMotion = () => query?.matches ?? false;

/** Calls `fn` when the setting changes (it can change while the app is open). */
export function onReducedMotionChange(fn: () => void): () => void {
  query?.addEventListener('change', fn);
  return () => query?.removeEventListener('change', fn);
}
