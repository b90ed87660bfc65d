import type { Queryable } from '@civdesk/db';
import { matWfPageConfigure } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { newId } from '../../crud/ids.ts';
import type { Work } from './work.ts';

// The handling page's tabs (mat-wf-page-configure, flag `handle`) that must be saved at a step
// before it is submitted (isSave and isVerification): a tab counts once saved at this task; the
// opinion tab counts when the submit carries an opinion.

const P = sqlOf(matWfPageConfigure);

export type Page = { id: string; pageTabname: string; pageTaburl: string };

export async function requiredPages(q: Queryable, tenantId: string): Promise<Page[]> {
  return q.query<Page>(
    `select ${P.c.id}::text as id, ${P.c.pageTabname} as "pageTabname", ${P.c.pageTaburl} as "pageTaburl" from ${P.table}
      where ${P.live('$1')} and ${P.c.flag} = 'handle' and ${P.c.isSave} = 1 and ${P.c.isVerification} = 1 order by ${P.c.orderNum} nulls last, ${P.c.id}`,
    [tenantId],
  );
}

const isOpinionTab = (p: Page) => /opinion/i.test(p.pageTaburl);

/** The required tabs not yet saved at a task (the opinion tab left out when `withOpinion`). */
export async function nonDealPages(q: Queryable, tenantId: string, taskId: string, withOpinion = false): Promise<Page[]> {
  const saved = new Set(
    (await q.query<{ page: string }>('select page_id as page from biz_apply_page_save where task_id = $1::bigint', [taskId])).map(
      (r) => r.page,
    ),
  );
  return (await requiredPages(q, tenantId)).filter((p) => !saved.has(p.id) && !(withOpinion && isOpinionTab(p)));
}

/** Marks tabs saved at a task (the first required tab when none is named). */
export async function markSaved(w: Work, taskId: string, pageIds: string[] | undefined) {
  const pages = await requiredPages(w.q, w.s.caller.tenantId);
  const ids = pageIds?.length ? pageIds : pages.slice(0, 1).map((p) => p.id);
  const known = new Set(pages.map((p) => p.id));
  const [{ n }] = await w.q.query<{ n: number }>(
    `select count(*)::int as n from ${P.table} where ${P.live('$1')} and ${P.c.id}::text = any($2::text[])`,
    [w.s.caller.tenantId, ids],
  );
  if (n !== new Set(ids).size) throw badRequest('页签不存在');
  for (const pageId of ids) {
    if (!known.has(pageId) && pageIds === undefined) continue;
    await w.q.query(
      `insert into biz_apply_page_save (id, tenant_id, apply_id, task_id, page_id, user_id, save_time) values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (task_id, page_id) do update set save_time = excluded.save_time, user_id = excluded.user_id`,
      [newId(), w.s.caller.tenantId, w.apply.id, taskId, pageId, w.s.caller.userId, w.now.toISOString()],
    );
  }
}

/** Refuses a submit while a required tab is unsaved: 请先保存：基本信息、申请材料. */
export async function mustHaveSaved(w: Work, taskId: string, withOpinion: boolean) {
  const missing = await nonDealPages(w.q, w.s.caller.tenantId, taskId, withOpinion);
  if (missing.length) throw badRequest(`请先保存：${missing.map((p) => p.pageTabname).join('、')}`);
}
