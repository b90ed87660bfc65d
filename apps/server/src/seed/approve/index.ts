import type { Queryable } from '@civdesk/db';
import { dept, matWfElementTransactor, role, user } from '@civdesk/resources';
import type { Scope } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { insert } from '../../crud/repository.ts';
import { hashPassword, md5hex } from '../../modules/auth/passwords.ts';
import { grantRole, roleMenus, type SeededMenus } from '../permissions.ts';

// The people the demo matters are handled by in tenant 100001: a window clerk who registers
// applications, township social-assistance and child-welfare officers, a village child director
// and a county approval role. Each role holds the case worker's menus (the approval screens among
// them) and is added as a transactor beside the roles the matter seed put on the steps, so the
// seeded accounts keep working and the new ones see their steps.

type Person = { role: string; roleName: string; account: string; realName: string; steps: string[] };

// Steps 19030000000000001NN: NN = item × 10 + step (临时救助 1, 孤儿基本生活费 2, 困境儿童认定 3).
const PEOPLE: Person[] = [
  { role: 'window_clerk', roleName: '窗口人员', account: 'window', realName: '赵窗口', steps: [] },
  { role: 'town_assist', roleName: '乡镇社会救助员', account: 'town_assist', realName: '钱救助', steps: ['111', '112', '114'] },
  {
    role: 'town_child',
    roleName: '乡镇儿童福利专干',
    account: 'town_child',
    realName: '孙专干',
    steps: ['121', '123', '131', '133', '135'],
  },
  { role: 'village_child', roleName: '村儿童主任', account: 'village_child', realName: '周主任', steps: ['132'] },
  { role: 'county_approve', roleName: '县级审批', account: 'county', realName: '吴县级', steps: ['113', '122', '134'] },
];

// Passwords: each account's own name, as the demo tenant's other accounts.

export async function seedApprovePeople(t: Queryable, s: Scope, menus: SeededMenus) {
  const D = sqlOf(dept);
  const [root] = await t.query<{ id: string }>(
    `select ${D.c.id}::text as id from ${D.table} where ${D.live('$1')} and ${D.c.parentId}::text = '0' order by ${D.c.id} limit 1`,
    [s.caller.tenantId],
  );
  let sort = 10;
  for (const p of PEOPLE) {
    const r = await insert(t, role, s, { parentId: '0', roleName: p.roleName, roleAlias: p.role, sort: sort++ });
    await grantRole(t, String(r.id), roleMenus(menus, 'caseworker'));
    const u = await insert(t, user, s, {
      account: p.account,
      realName: p.realName,
      name: p.realName,
      userType: 1,
      roleId: r.id,
      deptId: root?.id ?? null,
      postId: null,
      sort: 1,
    });
    await t.query(`update ${sqlOf(user).table} set password = $1, init_password = 0 where id = $2`, [
      await hashPassword(md5hex(p.account)),
      u.id,
    ]);
    for (const nn of p.steps) {
      await insert(t, matWfElementTransactor, s, {
        elementId: `1903000000000000${nn}`,
        transactorType: 2,
        transactorInfo: p.role,
        orderNum: 2,
      });
    }
  }
}
