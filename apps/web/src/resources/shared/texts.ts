import { i18n } from '../../i18n/index.ts';

let loading: Promise<void> | undefined;

/**
 * The system screens' texts (`sys.*`, i18n/system-zh.ts and system-en.ts) join the dictionaries
 * when the first special screen opens: as data-only chunks they stay out of the shell and
 * first-list bundle, which is at its size limit. The route waits for them (resource-route.tsx).
 */
export function loadSystemTexts(): Promise<void> {
  loading ??= Promise.all([import('../../i18n/system-zh.ts'), import('../../i18n/system-en.ts')]).then(([zh, en]) => {
    i18n.addResourceBundle('zh', 'translation', { sys: zh.systemZh }, true, true);
    i18n.addResourceBundle('en', 'translation', { sys: en.systemEn }, true, true);
  });
  return loading;
}
