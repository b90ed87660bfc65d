import { isIdText } from '@civdesk/meta';
import { badRequest } from '../../plugins/envelope.ts';

/**
 * A list of ids from a grant payload: a JSON array (strings or numbers) or a comma-separated text,
 * from the body or the query string. Missing → undefined; anything that is not ids → 400.
 */
export function idList(req: { body?: unknown; query?: unknown }, name: string, max = 5000): string[] | undefined {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  const query = (req.query ?? {}) as Record<string, unknown>;
  const raw = body[name] ?? query[name];
  if (raw === undefined || raw === null) return undefined;
  const parts = Array.isArray(raw) ? raw.map((x) => String(x)) : typeof raw === 'string' ? raw.split(',').filter((x) => x !== '') : null;
  if (!parts || parts.length > max || !parts.every((x) => isIdText(x.trim()))) {
    throw badRequest(`${name} 应为编号列表`, { errors: [{ field: name, message: `${name} 应为编号列表` }] });
  }
  return [...new Set(parts.map((x) => x.trim()))];
}
