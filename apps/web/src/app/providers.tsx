import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useSyncExternalStore } from 'react';
import { i18n, useLang } from '../i18n/index.ts';
import { getFontSize, onFontSizeChange } from './font-scale.ts';
import { onReducedMotionChange, prefersReducedMotion } from './reduced-motion.ts';
import { applyThemeVars, getLook, onThemeChange, themeConfig } from './theme.ts';

const localeOf = (lang: string) => (lang === 'en' ? enUS : zhCN);

// Static message/Modal calls render outside the tree; give them the same theme and language.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider
      locale={localeOf(i18n.language)}
      theme={themeConfig(getLook(), getFontSize(), prefersReducedMotion())}
      wave={{ disabled: prefersReducedMotion() }}
    >
      {children}
    </ConfigProvider>
  ),
});

/**
 * What every route needs: antd's locale and theme. Query caching lives in the signed-in shell
 * and ProComponents' locale in the dialog that uses them, so /login does not download them.
 */
applyThemeVars();

export function Providers({ children }: { children: ReactNode }) {
  const lang = useLang();
  const look = useSyncExternalStore(onThemeChange, getLook);
  // Font scaling is on: text follows the window against the 1920×1080 design (font-scale.ts).
  const fontSize = useSyncExternalStore(onFontSizeChange, getFontSize);
  // The user's reduced-motion setting: no animations, no click wave.
  const reduced = useSyncExternalStore(onReducedMotionChange, prefersReducedMotion);
  return (
    <ConfigProvider locale={localeOf(lang)} theme={themeConfig(look, fontSize, reduced)} wave={{ disabled: reduced }}>
      {children}
    </ConfigProvider>
  );
}
