// zod's functional build: the same parser and error format as the chained API at a quarter of its
// size, which matters because the web form loads this schema too.
import * as z from 'zod/mini';
import { isDateText } from '../dates.ts';
import { type FieldDef, type Resource, writableFields } from '../define-resource.ts';
import { type FieldType, unhandledType } from '../field-types.ts';
import { formatMessages, matchesFormat } from '../formats.ts';
import { isIdText } from '../ids.ts';
import { type Lang, messages } from '../messages.ts';
import { sanitizeHtml } from '../rich-text.ts';

const selectTypes: ReadonlySet<FieldType> = new Set(['enum', 'multiEnum', 'dict', 'ref', 'multiRef', 'parent', 'date', 'datetime']);

/** The message shown when a required field is empty. */
export function requiredMessage(f: FieldDef, lang: Lang): string {
  if (typeof f.required === 'string' && lang === 'zh') return f.required;
  const m = messages[lang];
  return selectTypes.has(f.type) ? m.select(f.label[lang]) : m.enter(f.label[lang]);
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';
const digits = /^\d+$/;

/**
 * One field's value checker. It returns the normalised value (what is stored) or adds an issue.
 * Empty strings count as "no value", as BladeX clients send them for cleared inputs.
 */
function fieldSchema(_key: string, f: FieldDef, lang: Lang) {
  const m = messages[lang];
  const label = f.label[lang];
  return z.transform((v: unknown, ctx) => {
    if (v === undefined) return undefined; // not sent: left as it is (update) or defaulted (create)
    if (isEmpty(v)) return f.type === 'parent' ? '0' : null; // no parent = a root
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input: v, path: [] });
      return z.NEVER;
    };
    // PostgreSQL text cannot hold NUL; refusing it here keeps it a 400 with the field's name.
    if (typeof v === 'string' && v.includes('\u0000')) return fail(m.type(label));
    switch (f.type) {
      case 'string':
      case 'text':
      case 'richText':
      case 'image':
      case 'file':
      case 'password': {
        // A number is not text: the documented type is string, and a client sending 123 for a name has a bug.
        if (typeof v !== 'string') return fail(m.type(label));
        const s = String(v);
        if (f.max !== undefined && [...s].length > f.max) return fail(f.lengthMessage?.[lang] ?? m.maxLength(label, f.max));
        if (f.min !== undefined && [...s].length < f.min) return fail(f.lengthMessage?.[lang] ?? m.minLength(label, f.min));
        if (f.pattern && !new RegExp(f.pattern.regex).test(s)) return fail(f.pattern.message[lang]);
        if (f.format && !matchesFormat(f.format, s)) return fail(formatMessages[f.format][lang]);
        return f.type === 'richText' ? sanitizeHtml(s) : s;
      }
      case 'int': {
        const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : Number.NaN;
        if (!Number.isSafeInteger(n)) return fail(m.integer(label));
        if (f.min !== undefined && n < f.min) return fail(m.minValue(label, f.min));
        if (f.max !== undefined && n > f.max) return fail(m.maxValue(label, f.max));
        return n;
      }
      case 'order': {
        const s = typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : v;
        if (typeof s !== 'string' || !digits.test(s)) return fail(m.orderDigits);
        if (s.length > (f.max ?? 9)) return fail(m.orderMax(f.max ?? 9));
        return Number(s);
      }
      case 'decimal': {
        const s = String(v);
        if (!/^-?\d+(\.\d+)?$/.test(s)) return fail(m.number(label));
        if (f.pattern && !new RegExp(f.pattern.regex).test(s)) return fail(f.pattern.message[lang]);
        return s;
      }
      case 'enum':
      case 'dict': {
        if (typeof v !== 'string' && typeof v !== 'number') return fail(m.type(label));
        if (f.options && !f.options.some((o) => String(o.value) === String(v))) return fail(m.option(label));
        if (f.int) {
          const n = Number(v);
          if (!Number.isSafeInteger(n)) return fail(m.option(label));
          return n;
        }
        return String(v);
      }
      case 'date':
      case 'datetime': {
        if (typeof v !== 'string') return fail(m.date(label));
        const ok = f.type === 'date' ? isDateText(v, { time: 'none' }) : isDateText(v) && (v.length === 10 || v.length === 19);
        if (!ok) return fail(m.date(label));
        return f.type === 'datetime' && v.length === 10 ? `${v} 00:00:00` : v;
      }
      case 'ref':
      case 'parent': {
        const s = String(v);
        if (!isIdText(s)) return fail(m.id(label));
        return s;
      }
      case 'multiEnum': {
        const parts = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : null;
        if (!parts || parts.some((p) => !f.options?.some((o) => String(o.value) === p))) return fail(m.option(label));
        return parts.join(',');
      }
      case 'multiRef': {
        const parts = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : null;
        if (!parts || parts.some((p) => !isIdText(p))) return fail(m.id(label));
        return parts.join(',');
      }
      default:
        return unhandledType(f.type);
    }
  });
}

export type SubmitMode = 'create' | 'update';

/**
 * The request schema for `submit`: on create every required field must have a value; on update
 * (an id in the body) only the fields sent are checked, and a required field cannot be cleared.
 * Unknown keys are dropped; server-only fields can never be written.
 */
export function toSubmitSchema(r: Resource, mode: SubmitMode, lang: Lang = 'zh') {
  return toFieldsSchema(writableFields(r), mode, lang);
}

/** The same schema over any list of field definitions (a designed form's published fields). */
export function toFieldsSchema(fields: [string, FieldDef][], mode: SubmitMode, lang: Lang = 'zh') {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [key, f] of fields) {
    const base = fieldSchema(key, f, lang);
    if (!f.required && f.default === undefined) {
      shape[key] = z.optional(base);
      continue;
    }
    if (!f.required) {
      // A field with a default is never empty: left empty on create it takes the default, and
      // on update it cannot be cleared.
      const notCleared = z.unknown().check(
        z.superRefine((v, ctx) => {
          if (mode === 'update' && v !== undefined && isEmpty(v)) ctx.addIssue({ code: 'custom', message: requiredMessage(f, lang) });
        }),
      );
      const defaulted = z.transform((v: unknown) => (mode === 'create' && isEmpty(v) ? undefined : v));
      shape[key] = z.optional(z.pipe(z.pipe(notCleared, defaulted), base));
      continue;
    }
    const checked = z.pipe(
      z.unknown().check(
        z.superRefine((v, ctx) => {
          // On create a required field must have a value; on update it may be left out but not cleared.
          if ((mode === 'create' && isEmpty(v)) || (mode === 'update' && v !== undefined && isEmpty(v))) {
            ctx.addIssue({ code: 'custom', message: requiredMessage(f, lang) });
          }
        }),
      ),
      base,
    );
    shape[key] = mode === 'create' ? checked : z.optional(checked);
  }
  if (mode === 'update') {
    shape.id = z.transform((v: unknown, ctx) => {
      const s = String(v ?? '');
      if (!isIdText(s)) {
        ctx.issues.push({ code: 'custom', message: messages[lang].id('id'), input: v, path: [] });
        return z.NEVER;
      }
      return s;
    });
  }
  return z.object(shape);
}

/** Flattens zod issues into the field-keyed list the server answers and the form shows. */
export function fieldErrors(error: z.core.$ZodError): { field: string; message: string }[] {
  return error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
}
