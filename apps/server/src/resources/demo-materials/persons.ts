import type { Queryable } from '@civdesk/db';
import { demoApply, demoApplyMember } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';

const A = sqlOf(demoApply);
const M = sqlOf(demoApplyMember);

export type Person = { personId: string; personName: string; personType: 'applicant' | 'member'; age: number };

/** Whole years from the birth date an 18-digit ID card number carries (0 when it has none). */
export function ageOf(idCard: string | null, today = new Date()): number {
  const m = /^\d{6}(\d{4})(\d{2})(\d{2})/.exec(idCard ?? '');
  if (!m) return 0;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d)) age--;
  return Math.max(0, age);
}

/**
 * The persons an application's materials are asked of: its applicant (under the application's own
 * id) and its family members, with their ages for the upload modes that count adults.
 */
export async function personsOf(q: Queryable, tenantId: string, applyId: string): Promise<{ itemId: string | null; persons: Person[] }> {
  const [a] = await q.query<{ itemId: string; name: string; idCard: string | null }>(
    `select ${A.c.itemId}::text as "itemId", ${A.c.applicantName} as name, ${A.c.applicantIdCard} as "idCard"
       from ${A.table} where ${A.c.id} = $1 and ${A.live('$2')}`,
    [applyId, tenantId],
  );
  if (!a) return { itemId: null, persons: [] };
  const members = await q.query<{ id: string; name: string; idCard: string | null }>(
    `select ${M.c.id}::text as id, ${M.c.memberName} as name, ${M.c.memberIdCard} as "idCard"
       from ${M.table} where ${M.c.applyId}::text = $1 and ${M.live('$2')} order by ${M.c.id}`,
    [applyId, tenantId],
  );
  return {
    itemId: a.itemId,
    persons: [
      { personId: applyId, personName: a.name, personType: 'applicant', age: ageOf(a.idCard) },
      ...members.map((m) => ({ personId: m.id, personName: m.name, personType: 'member' as const, age: ageOf(m.idCard) })),
    ],
  };
}
