import { fieldErrors, type Lang, type Resource, toSubmitSchema } from '@civdesk/meta';
import type { Rule } from 'antd/es/form';
import { type FormField, type FormMode, toWire } from './form-values.ts';

export type FieldError = { field: string; message: string };

/** The server's own schema (packages/meta), for the mode the dialog is in. */
export function submitSchema(r: Resource, mode: FormMode, lang: Lang) {
  return toSubmitSchema(r, mode === 'create' ? 'create' : 'update', lang);
}

/** Checks a whole body; the same messages the server would answer with. */
export function validateBody(r: Resource, mode: FormMode, lang: Lang, body: Record<string, unknown>) {
  const parsed = submitSchema(r, mode, lang).safeParse(body);
  return parsed.success
    ? { ok: true as const, data: parsed.data as Record<string, unknown> }
    : { ok: false as const, errors: fieldErrors(parsed.error) };
}

/**
 * An antd rule running the shared schema on one field, so messages show while typing; the dialog
 * checks the whole body again on submit.
 */
export function fieldRule(r: Resource, mode: FormMode, lang: Lang, ff: FormField): Rule {
  const schema = submitSchema(r, mode, lang);
  return {
    validator: async (_rule, value) => {
      const parsed = schema.safeParse({ [ff.key]: toWire(ff.f, value, mode) });
      const issue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === ff.key);
      if (issue) throw new Error(issue.message);
    },
  };
}

/** Server 400 answers list `data.errors: [{field, message}]`; keep those the dialog shows. */
export function serverFieldErrors(data: unknown, keys: string[]): FieldError[] {
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((e): e is FieldError => typeof e?.field === 'string' && keys.includes(e.field) && typeof e.message === 'string');
}
