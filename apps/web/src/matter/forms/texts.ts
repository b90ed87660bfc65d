import { useLang } from '../../i18n/index.ts';

/** The forms screens' texts: Chinese, or English when the switch says so. */
export function useL(): (zh: string, en: string) => string {
  const lang = useLang();
  return (zh, en) => (lang === 'en' ? en : zh);
}
