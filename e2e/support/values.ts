import type { FieldDef, Resource } from '@civdesk/meta';
import { resourceByName } from '@civdesk/resources';
import { canSubmit } from './resources.ts';

// What a test types, picks and searches by, derived from a resource's definition the way the
// dialog and the search bar show its fields (e2e/README.md, "Values").

let counter = 0;
/** Short, unique and alphanumeric (fits `tenantId`: 12 characters, letters and digits). */
export const uniq = () => `${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 4)}`;

/** Fields the add dialog shows and the user can type into (mirrors formFields in form-values.ts). */
export function dialogFields(r: Resource): [string, FieldDef][] {
  return Object.entries(r.fields).filter(([, f]) => {
    if (f.form === false || f.serverOnly) return false;
    const hint = typeof f.form === 'object' ? f.form : {};
    return !hint.readOnly;
  });
}

const selectTypes = new Set(['enum', 'multiEnum', 'dict', 'ref', 'multiRef', 'parent', 'date', 'datetime']);

/** The first field of each `requiredOneOf` group: a new row fills it as if it were required. */
export const firstOfOneOf = (r: Resource) => new Set((r.requiredOneOf ?? []).map((g) => g.fields[0]));

/** The message under an empty required field ('请输入…' for inputs, '请选择…' for choices). */
export const requiredText = (f: FieldDef) =>
  typeof f.required === 'string' ? f.required : `${selectTypes.has(f.type) ? '请选择' : '请输入'}${f.label.zh}`;

/** Required fields the dialog leaves empty for a new row (those with a default come prefilled). */
export const requiredEmpty = (r: Resource) => dialogFields(r).filter(([, f]) => f.required && f.default === undefined);

/** The widget of a field, as widgetByType (apps/web/src/crud/form-fields.tsx) picks it. */
export type Widget = 'text' | 'number' | 'select' | 'multiSelect' | 'tree' | 'multiTree' | 'date' | 'datetime';

/**
 * The registered resource a reference points at (`ref`/`multiRef`, or a `string` with
 * `ref.valueField`); undefined for free input, including references to resources not registered yet.
 */
export function refTarget(f: FieldDef): Resource | undefined {
  if (!f.ref || (f.type === 'string' ? !f.ref.valueField : f.type !== 'ref' && f.type !== 'multiRef')) return undefined;
  return resourceByName.get(f.ref.resource);
}

export function widgetOf(f: FieldDef): Widget {
  switch (f.type) {
    case 'int':
      return 'number';
    case 'enum':
    case 'dict':
      return 'select';
    case 'multiEnum':
      return 'multiSelect';
    case 'date':
    case 'datetime':
      return f.type;
    case 'parent':
      return 'tree';
    case 'string':
    case 'ref':
    case 'multiRef': {
      if (typeof f.form === 'object' && f.form.widget === 'icon') return 'select'; // the icon picker
      const target = refTarget(f);
      if (!target) return 'text'; // a reference to a resource not registered yet is typed as an id
      const multiple = f.type === 'multiRef';
      if (target.tree && !f.ref?.valueField) return multiple ? 'multiTree' : 'tree';
      return multiple ? 'multiSelect' : 'select';
    }
    default:
      return 'text'; // text, decimal, order, image, file, richText, password
  }
}

/** What a test reads and sets a field through: an input (text, number) or a choice. */
export type Kind = 'text' | 'number' | 'select';
const kindOf = (f: FieldDef): Kind => {
  const w = widgetOf(f);
  return w === 'number' ? 'number' : w === 'text' ? 'text' : 'select';
};

const textTypes = new Set(['string', 'text', 'richText', 'image', 'file']);
/** Free text: any text within the length limit is valid (no pattern, no format the example shows). */
const freeText = (f: FieldDef) => textTypes.has(f.type) && kindOf(f) === 'text' && !f.pattern && f.example === undefined && !f.ref;

export type FieldRef = { key: string; f: FieldDef; kind: Kind };

/**
 * The field a user searches by: the first free-text search field (one the dialog asks for first),
 * else an equality search on a number, else on a choice. Writable resources only search by fields
 * the dialog fills, so the new row has a value to look for.
 */
export function searchField(r: Resource): FieldRef | undefined {
  const fillable = new Set(dialogFields(r).map(([k]) => k));
  const searched = Object.entries(r.fields)
    .filter(([k, f]) => f.search && !f.serverOnly && (!canSubmit(r) || fillable.has(k)))
    .map(([key, f]) => ({ key, f, kind: kindOf(f) }));
  // A text search looks for the unique text the test typed: not a field typed from its example.
  const like = searched.filter(
    ({ f }) =>
      (f.search === true || f.search === 'like') &&
      textTypes.has(f.type) &&
      kindOf(f) === 'text' &&
      f.example === undefined &&
      (!f.pattern || new RegExp(f.pattern.regex).test(textFor(f))),
  );
  const equal = searched.filter(({ f }) => f.search === 'equal' || (f.search === true && !textTypes.has(f.type)));
  return (
    like.find(({ f }) => f.required) ??
    like[0] ??
    equal.find(({ kind, f }) => kind === 'number' && f.type === 'int') ??
    equal.find(({ f }) => widgetOf(f) === 'select')
  );
}

/** The query parameter a search sends (text fields: LIKE on the field itself; others `_equal`). */
export const searchParam = (s: FieldRef) => (s.kind === 'text' ? s.key : `${s.key}_equal`);

/**
 * A listed field the edit step changes, the simplest first: free text (not unique, then unique),
 * a whole number, a choice with more than one option.
 */
export function editField(r: Resource): FieldRef | undefined {
  const listed = dialogFields(r)
    .filter(([, f]) => f.list)
    .map(([key, f]) => ({ key, f, kind: kindOf(f) }));
  return (
    listed.find(({ f }) => freeText(f) && !f.unique) ??
    listed.find(({ f }) => freeText(f)) ??
    listed.find(({ f }) => f.type === 'int') ??
    listed.find(({ f }) => widgetOf(f) === 'select' && (f.type !== 'enum' || (f.options?.length ?? 0) > 1))
  );
}

/** A valid unique text for a field, within its length limits. */
export function textFor(f: FieldDef, tag = uniq()): string {
  return `e2e${tag}`.slice(0, f.max ?? 255).padEnd(f.min ?? 0, '0');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Now, as a date or date-time field holds it (yyyy-MM-dd[ HH:mm:ss]). */
export function nowText(type: 'date' | 'datetime'): string {
  const d = new Date();
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return type === 'date' ? day : `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * What a user types into a text input: the field's example when it has one (JSON, a URL matching
 * its pattern), an id for a reference to a resource not registered yet, a password, an order code,
 * otherwise a unique text.
 */
export function typedText(r: Resource, key: string, f: FieldDef): string {
  if (f.type === 'order') return '1';
  if (f.ref && (f.type !== 'string' || f.ref.valueField)) return '1'; // a resource not registered yet: typed as an id
  if (f.type === 'password') return `Pw${uniq()}`.slice(0, f.max ?? 255);
  if (f.example !== undefined && !f.unique) return String(f.example);
  if (f.type === 'decimal') return '1';
  const text = textFor(f);
  if (f.pattern && !new RegExp(f.pattern.regex).test(text))
    throw new Error(`${r.name}.${key}: give the field an example matching its pattern`);
  return text;
}

/** A valid whole number for a non-unique field: its example, else 1 within its limits. */
export const someInt = (f: FieldDef) => Number(f.example ?? Math.min(Math.max(f.min ?? 0, 1), f.max ?? 1));
