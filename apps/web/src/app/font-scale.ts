// Font scaling against the 1920×1080 design size: text grows with a screen larger than the design
// (a wall display, a 2K monitor) and never shrinks below the design size on a smaller one — a
// laptop user keeps legible 14px text rather than a miniature of the design.

export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;
/** antd's base font size, the design's. */
export const BASE_FONT_SIZE = 14;
/** The largest growth, so a very large screen still shows a working amount of data. */
export const MAX_SCALE = 1.25;

/** The base font size for a window of this size (whole pixels: antd derives its sizes from it). */
export function scaledFontSize(width: number, height: number): number {
  const scale = Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT);
  return Math.round(BASE_FONT_SIZE * Math.min(MAX_SCALE, Math.max(1, scale)));
}

const current = () => scaledFontSize(window.innerWidth, window.innerHeight);
let size = typeof window === 'undefined' ? BASE_FONT_SIZE : current();

/** The font size now; changes only when a resize crosses a whole pixel (antd then restyles). */
export const getFontSize = () => size;

export function onFontSizeChange(fn: () => void): () => void {
  let frame = 0;
  const resized = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const next = current();
      if (next === size) return;
      size = next;
      fn();
    });
  };
  window.addEventListener('resize', resized);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('resize', resized);
  };
}
