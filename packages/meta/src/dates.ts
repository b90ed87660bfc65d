// The product's date texts: yyyy-MM-dd and yyyy-MM-dd HH:mm:ss, checked for real
// calendar dates so an impossible one is a 400, not a database error.
const pattern = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A real date, optionally with a time (seconds optional). */
export function isDateText(s: string, opts: { time?: 'none' | 'optional' | 'required' } = {}): boolean {
  const m = pattern.exec(s);
  if (!m) return false;
  const time = opts.time ?? 'optional';
  if (time === 'none' && m[4] !== undefined) return false;
  if (time === 'required' && (m[4] === undefined || m[6] === undefined)) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1 || dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return false;
  return m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60);
}
