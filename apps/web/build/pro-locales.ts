import type { Plugin } from 'vite';
import { packageFile } from './lazy-modules.ts';

const EMPTY = '\0pro-locale-unused';
/** The provider's file that imports every language's texts. */
export const PRO_INTL = '@ant-design/pro-provider/es/intl.js';
const intl = packageFile(PRO_INTL);

/**
 * ProComponents' provider imports its texts in 33 languages; the product speaks Chinese and English
 * (`ProConfigProvider intl` is always zh-CN or en-US), so the other 31 resolve to an empty table.
 */
export function twoProLocales(): Plugin {
  return {
    name: 'civdesk-pro-locales',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === EMPTY) return EMPTY;
      return importer && intl.test(importer) && /^\.\/locale\/(?!zh_CN$|en_US$)\w+$/.test(source) ? EMPTY : null;
    },
    load: (id) => (id === EMPTY ? 'export default {};' : null),
  };
}
