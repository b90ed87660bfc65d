import type { FieldDef, SearchOp } from '../define-resource.ts';
import type { FieldType } from '../field-types.ts';

/**
 * How each field type is searched, read by both sides of the BladeX query map so they cannot
 * disagree about a field:
 * - `search`: the operator a `search: true` field gets in the search bar, and what a parameter
 *   without a suffix means for it on the server (`like` → LIKE; `equal` and `range` → equality);
 * - `like`: the column is text the LIKE suffixes (`_like`, `_likeleft`, …) search inside; on other
 *   columns they compare for equality. Comma lists (multiRef, multiEnum) take LIKE to find a member.
 */
export const searchByType = {
  string: { search: 'like', like: true },
  text: { search: 'like', like: true },
  richText: { search: 'like', like: true },
  image: { search: 'like', like: true },
  file: { search: 'like', like: true },
  password: { search: 'equal', like: false },
  int: { search: 'equal', like: false },
  decimal: { search: 'equal', like: false },
  order: { search: 'equal', like: false },
  enum: { search: 'equal', like: false },
  multiEnum: { search: 'equal', like: true },
  dict: { search: 'equal', like: false },
  ref: { search: 'equal', like: false },
  multiRef: { search: 'equal', like: true },
  parent: { search: 'equal', like: false },
  date: { search: 'range', like: false },
  datetime: { search: 'range', like: false },
} as const satisfies Record<FieldType, { search: SearchOp; like: boolean }>;

/** What a query parameter without a suffix (`postName=经理`) means for a field of this type. */
export const bareOp = (type: FieldType): 'like' | 'equal' => (searchByType[type].search === 'like' ? 'like' : 'equal');

/** The search operator a field's definition asks for; dates are always searched as a range of days. */
export function searchOpOf(f: FieldDef): SearchOp | undefined {
  if (!f.search) return undefined;
  const byType = searchByType[f.type].search;
  if (byType === 'range') return 'range';
  return f.search === true ? byType : f.search;
}
