import type { Queryable } from '@civdesk/db';
import { menu, resourceByPath } from '@civdesk/resources';
import { pinyin } from 'pinyin-pro';
import type { Caller } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { Params } from '../../crud/sql.ts';
import { grantedMenuSql } from '../permission/granted.ts';

// The screens the assistant may name or open: the caller's own menu entries, found by their name,
// its English, its pinyin (full or initials) or the name without 管理 — never a screen the caller
// does not have.

export type Screen = { name: string; path: string; group?: string; en?: string };

const M = sqlOf(menu, 'm');
const P = sqlOf(menu, 'p');
const C = sqlOf(menu, 'c');

/** The caller's menu entries that open a page (with the group they sit in). */
export async function screensOf(db: Queryable, caller: Caller): Promise<Screen[]> {
  const p = new Params();
  const rows = await db.query<{ name: string; path: string; group: string | null }>(
    `select ${M.c.name} as name, ${M.c.path} as path, ${P.c.name} as "group"
       from ${M.table} left join ${P.table} on ${P.c.id} = ${M.c.parentId}
      where ${M.live()} and ${M.c.category} = 1 and ${M.c.path} like '/%' and ${grantedMenuSql(caller, p, 'm')}
        and not exists (select 1 from ${C.table} where ${C.c.parentId} = ${M.c.id} and ${C.c.category} = 1 and ${C.live()})`,
    p.values,
  );
  return rows.map((r) => ({
    name: r.name,
    path: r.path,
    group: r.group ?? undefined,
    en: resourceByPath.get(r.path.split('?')[0])?.label.en,
  }));
}

const squash = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

/** What a screen can be called by. */
function namesOf(s: Screen): string[] {
  const han = s.name.replace(/[^\p{Script=Han}]/gu, '');
  const keys = [s.name, s.name.replace(/管理$/, ''), s.en ?? ''];
  if (han) {
    keys.push(pinyin(han, { toneType: 'none', type: 'array' }).join(''));
    keys.push(pinyin(han, { pattern: 'first', toneType: 'none', type: 'array' }).join(''));
  }
  return keys.map(squash).filter((k) => k.length >= 2);
}

/** The screen a text names (the longest name it contains wins), if any. */
export function findScreen(text: string, screens: Screen[]): Screen | undefined {
  const t = squash(text);
  let best: Screen | undefined;
  let bestLength = 0;
  for (const s of screens) {
    for (const k of namesOf(s)) {
      if (k.length > bestLength && t.includes(k)) {
        best = s;
        bestLength = k.length;
      }
    }
  }
  return best;
}

const openWords = [/^(请|帮我|麻烦)?(打开|进入|跳转到?|转到|去|切换到)(.+)$/, /^(please\s+)?(open|go\s+to|show|take\s+me\s+to)\s+(.+)$/i];

/** 「打开岗位管理」 / "open posts": the screen to open. */
export function openRequest(query: string, screens: Screen[]): Screen | undefined {
  for (const re of openWords) {
    const m = query.trim().match(re);
    if (m) return findScreen(m[3], screens);
  }
  return undefined;
}

type Action = { words: RegExp; zh: string; en: string };
const actions: Action[] = [
  {
    words: /导出|下载|export|download/i,
    zh: '点击列表上方的「导出」,按当前的查询条件下载 Excel 文件。',
    en: 'click Export above the list to download an Excel file of the rows the current search finds.',
  },
  {
    words: /导入|上传|import|upload/i,
    zh: '点击列表上方的「导入」,可先下载导入模板,填好后上传;有错误的行会逐条列出,全部正确才会导入。',
    en: 'click Import above the list; download the template first, fill it in and upload it. Rows with errors are listed and nothing is imported until all are right.',
  },
  {
    words: /新增|添加|增加|新建|创建|add|create|new/i,
    zh: '点击列表上方的「新增」,填写表单后点「保存」。',
    en: 'click Add above the list, fill in the form and save.',
  },
  {
    words: /编辑|修改|更改|edit|change|update/i,
    zh: '在要修改的行点击「编辑」,改好后点「保存」。',
    en: 'click Edit on the row, change it and save.',
  },
  {
    words: /删除|移除|delete|remove/i,
    zh: '在行上点击「删除」,或勾选多行后点「批量删除」,确认后删除。',
    en: 'click Delete on the row, or select rows and click Batch delete, then confirm.',
  },
  {
    words: /查询|搜索|查找|筛选|search|find|filter/i,
    zh: '在列表上方的查询栏填写条件后点「查询」,点「重置」清空条件。',
    en: 'fill in the search bar above the list and click Search; Reset clears it.',
  },
];

/** 「岗位管理怎么导出」: how to do a list action on a screen the caller has. */
export function screenHelp(query: string, screens: Screen[], zh: boolean): string | undefined {
  const screen = findScreen(query, screens);
  const action = actions.find((a) => a.words.test(query));
  if (!screen || !action) return undefined;
  if (!zh) return `${screen.en ?? screen.name} (${screen.path}): ${action.en}`;
  const where = screen.group ? `${screen.group} > ${screen.name}` : screen.name;
  return `「${where}」中${action.zh}`;
}
