import type { ThemeConfig } from 'antd';
import { getStore, setStore } from '../api/storage.ts';
import { BASE_FONT_SIZE } from './font-scale.ts';

/** The default theme colour is #409EFF. */
export const DEFAULT_COLOR = '#409EFF';

/** The font stack: the bundled Noto Sans SC webfont covers Chinese where the system has no Chinese font. */
export const FONT_STACK =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC', 'Noto Sans CJK SC', sans-serif";

/**
 * A theme: antd's primary colour, a darker shade of it that white text is readable on (4.5:1, for
 * filled buttons, links and the active tab), and the side panel's and header's colours.
 */
export type Look = {
  primary: string;
  strong: string;
  strongHover?: string;
  sider: string;
  siderText: string;
  header: string;
  dark?: boolean;
};
export const DEFAULT_LOOK: Look = {
  primary: DEFAULT_COLOR,
  strong: '#1769c4',
  sider: '#20222a',
  siderText: '#ffffffa6',
  header: '#ffffff',
};

/**
 * The chosen theme is stored with its look, so the first page needs no theme table (the picker,
 * loaded with the top bar, holds the eleven built-in themes).
 */
type Chosen = { name: string; look: Look };
const stored = getStore<Chosen>('theme');
let chosen: Chosen = stored?.look?.strong ? stored : { name: 'default', look: DEFAULT_LOOK };

export function themeConfig(l: Look, fontSize = BASE_FONT_SIZE, reducedMotion = false): ThemeConfig {
  // Dark is made from the seed colours (no extra algorithm: the sign-in page stays small).
  return {
    token: {
      // Reduced motion (reduced-motion.ts): antd's animations off, its durations zero.
      motion: !reducedMotion,
      colorPrimary: l.primary,
      fontSize,
      borderRadius: 4,
      fontFamily: FONT_STACK,
      colorLink: l.strong,
      ...(l.dark ? { colorBgBase: '#141414', colorTextBase: '#f0f0f0' } : {}),
    },
    components: {
      Button: { colorPrimary: l.strong, colorPrimaryHover: l.strongHover ?? l.strong, colorPrimaryActive: l.strong },
    },
  };
}

const listeners = new Set<() => void>();
export const getThemeName = () => chosen.name;
export const getLook = () => chosen.look;
export function onThemeChange(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export function setTheme(name: string, look: Look) {
  chosen = { name, look };
  setStore('theme', chosen);
  applyThemeVars();
  for (const fn of listeners) fn();
}

/** The side panel and header colours as CSS variables (the layout's CSS reads them). */
export function applyThemeVars() {
  const l = chosen.look;
  const s = document.documentElement.style;
  s.setProperty('--shell-sider', l.sider);
  s.setProperty('--shell-sider-text', l.siderText);
  s.setProperty('--shell-header', l.header);
  s.setProperty('--shell-primary', l.primary);
  s.setProperty('--shell-primary-strong', l.strong);
  document.documentElement.dataset.theme = chosen.name;
}
