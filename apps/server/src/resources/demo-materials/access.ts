import type { Queryable } from '@civdesk/db';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../core/caller.ts';
import { forbidden } from '../../core/envelope.ts';
import { allows } from '../../core/grant-store.ts';
import { scopeOf } from '../../core/request.ts';
import { isHandler, loadApply } from '../../modules/approve/apply-store.ts';
import { stepElement } from '../../modules/approve/buttons.ts';
import { TERMINAL } from '../../modules/approve/sql.ts';
import { conflict } from '../../modules/workflow/runtime.ts';

/** The approval screens' codes (docs/approvals.md): reading an application takes any of them. */
export const READ_CODES = ['approve_launch', 'approve_todo', 'approve_done', 'approve_finish'];
/** Providing materials and signing: the launch page's register button or the handling button. */
export const WRITE_CODES = ['approve_launch_register', 'approve_todo_handle'];

/**
 * The one place a materials or signing call asks about the application: the caller holds a code
 * for the action, the application is of the caller's tenant (404 办件不存在) and the caller is one of
 * its handlers (403) — whoever registered it, holds or may claim an open task of it, or handled a
 * step. A write needs the application still open and, when it names a step, that step current
 * (409 when the page is stale).
 */
export async function applyAccess(
  db: Queryable,
  req: FastifyRequest,
  applyId: string,
  action: 'read' | 'write',
  elementId?: string,
): Promise<Scope> {
  const s = scopeOf(req);
  const codes = action === 'read' ? [...READ_CODES, ...WRITE_CODES] : WRITE_CODES;
  if (!codes.some((c) => allows(s.caller.grants, c, req.routeOptions.url))) throw forbidden('无权办理该办件', { perm: codes.join(',') });
  const apply = await loadApply(db, s.caller.tenantId, applyId);
  if (!(await isHandler(db, s.caller, apply))) throw forbidden(action === 'read' ? '无权查看该办件' : '无权办理该办件');
  if (action === 'write') {
    if (TERMINAL.includes(apply.applyStatus)) throw conflict('办件已办结，不能修改材料');
    if (elementId && apply.realCurActivityId) {
      const current = await stepElement(db, s.caller.tenantId, apply.mathfVersionId, apply.realCurActivityId);
      if (current?.id !== elementId) throw conflict('办件已流转到下一环节，请刷新');
    }
  }
  return s;
}
