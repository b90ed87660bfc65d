import type { Queryable } from '@civdesk/db';
import { newId } from '../crud/ids.ts';

// Demo dictionary types for the type-tree screens: one category and two types used by case work.
const tree: { code: string; name: string; entries: [string, string][] }[] = [
  {
    code: 'guardianship_status',
    name: '监护状况',
    entries: [
      ['1', '父母监护'],
      ['2', '委托监护'],
      ['3', '事实无人抚养'],
      ['4', '孤儿'],
    ],
  },
  {
    code: 'risk_level',
    name: '风险等级',
    entries: [
      ['1', '低风险'],
      ['2', '中风险'],
      ['3', '高风险'],
    ],
  },
];

export async function seedDictTypes(db: Queryable, userId: string): Promise<void> {
  const root = newId();
  await db.query(
    `insert into dw_sys_dict_type (id, parent_id, dict_name, dict_type, fnum, order_num, in_use, is_sys, fcode, create_user)
     values ($1, 0, '未成年人保护', 'minor', 0, 1, 1, 1, '', $2)`,
    [root, userId],
  );
  let order = 1;
  for (const t of tree) {
    await db.query(
      `insert into dw_sys_dict_type (id, parent_id, dict_name, dict_type, fnum, order_num, in_use, is_sys, fcode, create_user)
       values ($1, $2, $3, $4, $5, $6, 1, 0, 'minor', $7)`,
      [newId(), root, t.name, t.code, t.entries.length, order++, userId],
    );
    let n = 1;
    for (const [key, value] of t.entries) {
      await db.query(
        'insert into dw_sys_dict_detail (id, dict_type, dict_key, dict_value, order_num, in_use, create_user) values ($1, $2, $3, $4, $5, 1, $6)',
        [newId(), t.code, key, value, n++, userId],
      );
    }
  }
}
