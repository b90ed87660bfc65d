import type { Lang } from '@civdesk/meta';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { getStore, setStore } from '../api/storage.ts';
import { en } from './en.ts';
import { zh } from './zh.ts';

export const languages: Lang[] = ['zh', 'en'];

const stored = getStore<string>('language');
const initial: Lang = stored === 'en' ? 'en' : 'zh'; // Chinese unless the user chose English

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: initial,
  fallbackLng: 'zh',
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
});
document.documentElement.lang = initial === 'en' ? 'en' : 'zh-CN';

export function setLanguage(lang: Lang): void {
  setStore('language', lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  void i18n.changeLanguage(lang);
}

/** The current UI language as the resource DSL names it (labels are {zh, en}). */
export function useLang(): Lang {
  const { i18n: inst } = useTranslation();
  return inst.language === 'en' ? 'en' : 'zh';
}
