import { modelerZh } from './modeler-zh.ts';

/** A bpmn-js `translate` service: Chinese from the dictionary, else the English template. */
export function translateModule(lang: 'zh' | 'en') {
  const dictionary = lang === 'zh' ? modelerZh : {};
  const translate = (template: string, replacements: Record<string, string> = {}) =>
    (dictionary[template] ?? template).replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
  return { translate: ['value', translate] };
}
