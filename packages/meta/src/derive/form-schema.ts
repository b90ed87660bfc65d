// A designed form's published schema and its validation. The server validates submitted form data
// with it and the web renderer checks each input with it, so both refuse the same values with the
// same Chinese messages; it compiles to the very field checks resources use (toFieldsSchema).
import type { FieldDef } from '../define-resource.ts';
import type { Label } from '../field-types.ts';
import type { FormFieldKind } from '../form-kinds.ts';
import type { Lang } from '../messages.ts';
import { fieldErrors, type SubmitMode, toFieldsSchema } from './to-zod.ts';

const L = (zh: string, en: string): Label => ({ zh, en });

export type FormOption = { value: string; label: string };

/** One input of a published form. */
export type FormFieldSchema = {
  name: string;
  label: string;
  type: FormFieldKind;
  required: boolean;
  maxLength?: number;
  pattern?: string;
  patternMessage?: string;
  dictCode?: string;
  options?: FormOption[];
  /** The group (section) name it sits in. */
  group?: string;
  /** Grid width out of 24. */
  span: number;
  note?: string;
};

/** A published form version: what a case's data is rendered and validated with, never changed. */
export type FormSchema = {
  formId: string;
  formName: string;
  version: number;
  groups: { name: string; label: string }[];
  fields: FormFieldSchema[];
};

/** A pattern the designer may save: a JavaScript regular expression that compiles. */
export function isValidPattern(p: string): boolean {
  try {
    new RegExp(p);
    return true;
  } catch {
    return false;
  }
}

const defaultMax: Partial<Record<FormFieldKind, number>> = { text: 200, textarea: 2000, idCard: 18, phone: 20, upload: 1000 };

/** The field definition an input of a designed form validates as. */
export function fieldDefOf(f: FormFieldSchema): FieldDef {
  const label = L(f.label, f.label);
  const options = (f.options ?? []).map((o) => ({ value: o.value, label: L(o.label, o.label) }));
  const base: Pick<FieldDef, 'label' | 'required'> = { label, required: f.required };
  const pattern =
    f.pattern && isValidPattern(f.pattern)
      ? { regex: f.pattern, message: L(f.patternMessage || `${f.label}格式不正确`, f.patternMessage || `${f.label} has a wrong format`) }
      : undefined;
  const max = f.maxLength ?? defaultMax[f.type];
  switch (f.type) {
    case 'text':
      return { ...base, type: 'string', max, pattern };
    case 'textarea':
      return { ...base, type: 'text', max, pattern };
    case 'number':
      return { ...base, type: 'decimal', pattern };
    case 'date':
      return { ...base, type: 'date' };
    case 'select':
    case 'radio':
      return { ...base, type: 'enum', options };
    case 'checkbox':
      return { ...base, type: 'multiEnum', options };
    case 'idCard':
      return { ...base, type: 'string', max, format: 'idCard' };
    case 'phone':
      return { ...base, type: 'string', max, format: 'tel', pattern };
    case 'upload':
      return { ...base, type: 'file', max };
  }
}

/** The zod schema of a form's data: unknown keys dropped, each value checked and normalised. */
export function toFormDataSchema(schema: Pick<FormSchema, 'fields'>, lang: Lang = 'zh', mode: SubmitMode = 'create') {
  return toFieldsSchema(
    schema.fields.map((f) => [f.name, fieldDefOf(f)]),
    mode,
    lang,
  );
}

export type FormDataResult = { ok: true; data: Record<string, unknown> } | { ok: false; errors: { field: string; message: string }[] };

/** Validates a form's data: the cleaned values, or every field's message in the form's order. */
export function checkFormData(schema: Pick<FormSchema, 'fields'>, data: unknown, lang: Lang = 'zh'): FormDataResult {
  const parsed = toFormDataSchema(schema, lang).safeParse(data);
  if (parsed.success) return { ok: true, data: parsed.data as Record<string, unknown> };
  const order = new Map(schema.fields.map((f, i) => [f.name, i]));
  const errors = fieldErrors(parsed.error).sort((a, b) => (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0));
  return { ok: false, errors };
}

/** One input's message, or null when the value is acceptable (the renderer's per-field rule). */
export function checkFormField(field: FormFieldSchema, value: unknown, lang: Lang = 'zh'): string | null {
  const r = checkFormData({ fields: [field] }, { [field.name]: value }, lang);
  return r.ok ? null : r.errors[0].message;
}
