import type { Label } from './field-types.ts';

// The kinds of input a designed form offers. Kept apart from the form schema's compiler (which
// pulls in zod), so a resource definition naming them adds no validation code to the shell.

const L = (zh: string, en: string): Label => ({ zh, en });

/** The kinds of input a form designer offers (`group` is a section holding fields). */
export const formFieldKinds = [
  { value: 'group', label: L('分组', 'Group') },
  { value: 'text', label: L('单行文本', 'Text') },
  { value: 'textarea', label: L('多行文本', 'Text area') },
  { value: 'number', label: L('数字', 'Number') },
  { value: 'date', label: L('日期', 'Date') },
  { value: 'select', label: L('下拉选择', 'Select') },
  { value: 'radio', label: L('单选', 'Radio') },
  { value: 'checkbox', label: L('多选', 'Checkboxes') },
  { value: 'idCard', label: L('身份证号', 'ID card') },
  { value: 'phone', label: L('联系电话', 'Phone') },
  { value: 'upload', label: L('附件上传', 'Upload') },
] as const;

export type FormFieldKind = Exclude<(typeof formFieldKinds)[number]['value'], 'group'>;

/** Kinds whose values come from options (a dictionary's entries, copied in at publish time). */
export const optionKinds: ReadonlySet<string> = new Set(['select', 'radio', 'checkbox']);
