import { describe, expect, it } from 'vitest';
import { BASE_FONT_SIZE, DESIGN_HEIGHT, DESIGN_WIDTH, scaledFontSize } from './font-scale.ts';
import { DEFAULT_LOOK, themeConfig } from './theme.ts';

describe('font scaling against the 1920×1080 design', () => {
  it('keeps the design size at the design resolution and on smaller screens', () => {
    expect([DESIGN_WIDTH, DESIGN_HEIGHT, BASE_FONT_SIZE]).toEqual([1920, 1080, 14]);
    expect(scaledFontSize(1920, 1080)).toBe(14);
    expect(scaledFontSize(1366, 768)).toBe(14);
    expect(scaledFontSize(375, 812)).toBe(14);
  });

  it('grows with a larger screen by the tighter of width and height, at most by a quarter', () => {
    expect(scaledFontSize(2200, 1240)).toBe(16); // 14 × 1.146
    expect(scaledFontSize(2560, 1200)).toBe(16); // the height limits it: 14 × 1.11
    expect(scaledFontSize(2560, 1440)).toBe(18); // 14 × 1.33, capped at 1.25 = 17.5, whole pixels
    expect(scaledFontSize(3840, 2160)).toBe(18);
  });

  it('hands the size to antd as its base font size', () => {
    expect(themeConfig(DEFAULT_LOOK, 16).token?.fontSize).toBe(16);
    expect(themeConfig(DEFAULT_LOOK).token?.fontSize).toBe(14);
  });
});
