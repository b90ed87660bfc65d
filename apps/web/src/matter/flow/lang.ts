import { useLang } from '../../i18n/index.ts';

/** Picks the Chinese text or its English by the app's language: `L('保存', 'Save')`. */
export function useL(): (zh: string, en: string) => string {
  const lang = useLang();
  return (zh, en) => (lang === 'en' ? en : zh);
}
