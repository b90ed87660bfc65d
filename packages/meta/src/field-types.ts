// The one closed list of field types. Server (columns, validation, filters) and web (columns,
// form widgets) both dispatch on it with a Record<FieldType, …>, so adding a type is a compile
// error everywhere it is not handled yet.
export const fieldTypes = [
  'string', // short text, varchar(max)
  'text', // long text, textarea
  'int', // whole number
  'decimal', // exact number, sent as string
  'order', // digits-only order code ("排序只能输入数字"), stored as int
  'enum', // inline options (e.g. 0 no / 1 yes)
  'multiEnum', // several inline options, joined by commas
  'dict', // options from a dictionary code
  'date', // yyyy-MM-dd
  'datetime', // yyyy-MM-dd HH:mm:ss
  'ref', // id of a row of another resource
  'multiRef', // ids joined by commas (BladeX style)
  'parent', // parent id of a tree resource (0 = root)
  'image', // URL of an uploaded image
  'file', // URL of an uploaded file
  'richText', // sanitised HTML
  'password', // write-only secret, never read back
] as const;

export type FieldType = (typeof fieldTypes)[number];

/** Types whose value travels and is stored as a number. */
export const numericTypes: ReadonlySet<FieldType> = new Set(['int', 'order']);

export type Label = { zh: string; en: string };

export type Option = { value: string | number; label: Label };

/** Ends a switch over field types: a type the switch does not handle fails to compile here. */
export function unhandledType(type: never): never {
  throw new Error(`unhandled field type: ${String(type)}`);
}
