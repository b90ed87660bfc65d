import type { Queryable } from '@civdesk/db';
import { matWfVersion } from '@civdesk/resources';
import { sqlOf } from '../../core/table-sql.ts';
import { callHook, type HookDeps } from '../element-hooks/hook-caller.ts';
import { A } from './sql.ts';

// The matter version's process notices (流程开始通知地址 / 流程结束通知地址): once the
// registration that started an application's process, or the command that ended it, has
// committed, the version's address gets a POST with the application's state. They go through
// the step hooks' caller (allow-list `matter.hook.allowedHosts`, address guard, timeout, the
// usual log), as asynchronous hooks: a failure is logged and changes nothing.

const V = sqlOf(matWfVersion, 'v');

type Row = {
  applyId: string;
  itemId: string;
  itemName: string | null;
  mathfVersionId: string;
  processInstanceId: string | null;
  status: string;
  startUrl: string | null;
  endUrl: string | null;
};

/** Sends the version's `start` or `end` notice of an application, when the version has an address for it. */
export async function processNotice(db: Queryable, deps: HookDeps, tenantId: string, applyId: string, event: 'start' | 'end', at: Date) {
  try {
    const [a] = await db.query<Row>(
      `select ${A.c.id}::text as "applyId", ${A.c.itemId} as "itemId", ${A.c.itemName} as "itemName",
              ${A.c.mathfVersionId} as "mathfVersionId", ${A.c.processInstanceId} as "processInstanceId", ${A.c.applyStatus} as status,
              ${V.c.processStartNoticeUrl} as "startUrl", ${V.c.processEndNoticeUrl} as "endUrl"
         from ${A.table} join ${V.table} on ${V.c.id}::text = ${A.c.mathfVersionId} and ${V.live('$2')}
        where ${A.c.id} = $1 and ${A.live('$2')}`,
      [applyId, tenantId],
    );
    const url = (event === 'start' ? a?.startUrl : a?.endUrl)?.trim();
    if (!a || !url) return;
    const { startUrl: _s, endUrl: _e, ...state } = a;
    await callHook(
      deps,
      { methodName: event === 'start' ? '流程开始通知' : '流程结束通知', methodUrl: url, requestModel: 'async' },
      { event: event === 'start' ? 'processStart' : 'processEnd', ...state, time: at.toISOString() },
    );
  } catch {
    // Only logged by the caller where it could be made; a notice never fails the work it follows.
  }
}
