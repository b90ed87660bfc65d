import type { Queryable } from '@civdesk/db';
import { pwStrategy } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { newId } from '../../crud/ids.ts';
import { isMd5Hex, md5hex, verifyPassword } from './passwords.ts';

export type PasswordPolicy = {
  minLength: number;
  needUpper: number;
  needLower: number;
  needDigit: number;
  needSpecial: number;
  expireDays: number;
  historyCount: number;
};

/** Without a saved policy: at least 6 characters, nothing else (BladeX's default form check). */
export const NO_POLICY: PasswordPolicy = {
  minLength: 6,
  needUpper: 0,
  needLower: 0,
  needDigit: 0,
  needSpecial: 0,
  expireDays: 0,
  historyCount: 0,
};

const P = sqlOf(pwStrategy);
const p = P.c;

/** The tenant's policy (its first saved row), or NO_POLICY. */
export async function loadPolicy(db: Queryable, tenantId: string): Promise<PasswordPolicy & { id?: string }> {
  const [row] = await db.query<PasswordPolicy & { id: string }>(
    `select ${p.id}::text as id, ${p.minLength} as "minLength", ${p.needUpper} as "needUpper", ${p.needLower} as "needLower",
            ${p.needDigit} as "needDigit", ${p.needSpecial} as "needSpecial", ${p.expireDays} as "expireDays",
            ${p.historyCount} as "historyCount"
       from ${P.table} where ${P.live('$1')} order by ${p.createTime} limit 1`,
    [tenantId],
  );
  return row ?? NO_POLICY;
}

export class PolicyError extends Error {}

/**
 * A new password as the server stores it (md5 hex, then argon2id), after the policy's checks.
 * Our clients send new passwords in plain text so length and character classes can be checked;
 * a 32-hex-digit value is taken as the md5 a BladeX client sends, for which only the history
 * check is possible.
 */
export async function acceptNewPassword(db: Queryable, policy: PasswordPolicy, userId: string | null, given: string): Promise<string> {
  const md5 = isMd5Hex(given) ? given.toLowerCase() : md5hex(given);
  if (!isMd5Hex(given)) {
    const problems: string[] = [];
    if ([...given].length < policy.minLength) problems.push(`长度不少于${policy.minLength}位`);
    if (policy.needUpper && !/[A-Z]/.test(given)) problems.push('包含大写字母');
    if (policy.needLower && !/[a-z]/.test(given)) problems.push('包含小写字母');
    if (policy.needDigit && !/\d/.test(given)) problems.push('包含数字');
    if (policy.needSpecial && !/[^A-Za-z0-9]/.test(given)) problems.push('包含特殊字符');
    if (problems.length) throw new PolicyError(`密码须${problems.join('、')}`);
  }
  if (userId && policy.historyCount > 0) {
    const recent = await db.query<{ hash: string }>(
      'select hash from blade_password_history where user_id = $1 order by create_time desc limit $2',
      [userId, policy.historyCount],
    );
    for (const r of recent)
      if (await verifyPassword(r.hash, md5)) throw new PolicyError(`新密码不能与最近${policy.historyCount}次使用过的密码相同`);
  }
  return md5;
}

/** Keeps the stored hash of a password just set (the history check reads them; 24 are kept). */
export async function rememberPassword(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query('insert into blade_password_history (id, user_id, hash) values ($1, $2, $3)', [newId(), userId, hash]);
  await db.query(
    `delete from blade_password_history where user_id = $1 and id not in
       (select id from blade_password_history where user_id = $1 order by create_time desc limit 24)`,
    [userId],
  );
}

/** A password older than the policy allows (the last change, or the account's creation). */
export function isExpired(policy: PasswordPolicy, lastChange: Date | null): boolean {
  if (!policy.expireDays || !lastChange) return false;
  return Date.now() - lastChange.getTime() > policy.expireDays * 86_400_000;
}
