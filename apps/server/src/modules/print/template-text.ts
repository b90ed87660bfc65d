import type { Row } from '@civdesk/db';

/** One piece of a rendered print template, in page order. */
export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string }
  | { kind: 'gap' }
  | { kind: 'table'; columns: string[]; rows: string[][] };

/** What fills a template: each print SQL's rows by its name, in the SQLs' order. */
export type PrintData = { name: string; columns: string[]; rows: Row[] }[];

const FIELD = /\$\{([A-Za-z_\u4e00-\u9fa5][\w\u4e00-\u9fa5]*)\}/g;
const TABLE = /^\s*\$\{table:([^}]+)\}\s*$/;

/** A value as printed: dates as yyyy-MM-dd HH:mm:ss (yyyy-MM-dd at midnight), null as nothing. */
export function printable(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    const s = v.toISOString().replace('T', ' ').slice(0, 19);
    return s.endsWith(' 00:00:00') ? s.slice(0, 10) : s;
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * Fills a template body. Lines are paragraphs; `# ` starts the title, `## ` a heading, an empty line
 * is a gap. `${field}` takes the field from the first row of the first print SQL that answers it
 * (`${printDate}`: today); a line that is only `${table:<SQL name>}` becomes a table of all rows of
 * that print SQL, its columns as headers. An unknown field prints as nothing, an unknown table as a note.
 */
export function fillTemplate(body: string, data: PrintData, today: string): Block[] {
  const fields: Record<string, string> = { printDate: today };
  for (const d of [...data].reverse()) {
    const first = d.rows[0];
    if (first) for (const [k, v] of Object.entries(first)) fields[k] = printable(v);
  }
  const fill = (s: string) => s.replace(FIELD, (_, k: string) => fields[k] ?? '');
  const blocks: Block[] = [];
  for (const line of body.replaceAll('\r\n', '\n').split('\n')) {
    const table = TABLE.exec(line);
    if (table) {
      const d = data.find((x) => x.name === table[1].trim());
      if (!d) blocks.push({ kind: 'text', text: `[未找到打印SQL: ${table[1].trim()}]` });
      else blocks.push({ kind: 'table', columns: d.columns, rows: d.rows.map((r) => d.columns.map((c) => printable(r[c]))) });
    } else if (line.startsWith('## ')) blocks.push({ kind: 'heading', text: fill(line.slice(3)) });
    else if (line.startsWith('# ')) blocks.push({ kind: 'title', text: fill(line.slice(2)) });
    else if (line.trim() === '') blocks.push({ kind: 'gap' });
    else blocks.push({ kind: 'text', text: fill(line) });
  }
  return blocks;
}
