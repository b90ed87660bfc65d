import { DEFAULT_COLOR, DEFAULT_LOOK, type Look } from '../../app/theme.ts';

/** The eleven themes. */
export const THEME_NAMES = ['default', 'white', 'dark', 'star', 'smart', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

type Base = Omit<Look, 'strong'>;

const lin = (c: number) => {
  const v = c / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const luminance = (rgb: number[]) => 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);

/** The colour darkened until white text on it has a contrast of at least 4.5:1 (WCAG AA). */
export function readableShade(hex: string): string {
  let rgb = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  while (1.05 / (luminance(rgb) + 0.05) < 4.6) rgb = rgb.map((c) => Math.floor(c * 0.92));
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const base: Record<ThemeName, Base> = {
  default: DEFAULT_LOOK,
  white: { primary: DEFAULT_COLOR, sider: '#ffffff', siderText: '#303133', header: '#ffffff' },
  dark: { primary: DEFAULT_COLOR, sider: '#141414', siderText: '#ffffffa6', header: '#1f1f1f', dark: true },
  star: { primary: '#7546c9', sider: '#1b1338', siderText: '#ffffffb3', header: '#ffffff' },
  smart: { primary: '#17b3a3', sider: '#1f2d3d', siderText: '#ffffffb3', header: '#ffffff' },
  iview: { primary: '#2d8cf0', sider: '#001529', siderText: '#ffffffa6', header: '#ffffff' },
  vip: { primary: '#c49a44', sider: '#2b2b2b', siderText: '#f0d9a8', header: '#ffffff' },
  cool: { primary: '#00a2d4', sider: '#0c2745', siderText: '#ffffffb3', header: '#ffffff' },
  d2: { primary: '#2f74ff', sider: '#ebf1f6', siderText: '#303133', header: '#ffffff' },
  hey: { primary: '#f56c6c', sider: '#2c2c34', siderText: '#ffffffb3', header: '#ffffff' },
  lte: { primary: '#3c8dbc', sider: '#222d32', siderText: '#b8c7ce', header: '#ffffff' },
};

export const looks = Object.fromEntries(
  Object.entries(base).map(([name, l]) => [name, name === 'default' ? DEFAULT_LOOK : { ...l, strong: readableShade(l.primary) }]),
) as Record<ThemeName, Look>;
