import { parseListQuery, QueryError, type Resource } from '@civdesk/meta';
import { badRequest } from '../core/envelope.ts';

/** Parses a BladeX query map (filters, sorts, paging), turning a bad key or value into a 400 that names it. */
export function listQuery(r: Resource, query: unknown, extraReserved: string[] = []) {
  try {
    return parseListQuery(r, (query ?? {}) as Record<string, unknown>, extraReserved);
  } catch (e) {
    if (e instanceof QueryError) throw badRequest(e.message, { errors: [{ field: e.field, message: e.message }] });
    throw e;
  }
}
