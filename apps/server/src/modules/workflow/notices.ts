import type { Queryable } from '@civdesk/db';
import type { ProcessGraph, TaskRow } from '@civdesk/workflow';
import { newId } from '../../crud/ids.ts';
import { usersOfGroups } from './people.ts';

// Every new task tells the people who may act on it: its assignee, or its candidate users and the
// users holding its candidate roles or departments. The bell reads these rows; a step that asks
// for SMS (`civ:sms`) marks them for the poller to send (`sms-notices.ts`), after this commits.

export type NoticeRow = { id: string; user_id: string; title: string; task_id: string; sms: string | null };

/** The notices of new tasks (reading the users of candidate roles and departments, when there are any). */
export async function noticeRows(q: Queryable, tenantId: string, tasks: readonly TaskRow[], graph?: ProcessGraph): Promise<NoticeRow[]> {
  const rows: NoticeRow[] = [];
  if (!tasks.length) return rows;
  const smsOf = (t: TaskRow) => {
    const node = graph?.nodes.get(t.nodeId);
    return node?.type === 'userTask' && node.sms ? 'pending' : null;
  };
  const groups: { task: TaskRow; kind: string; value: string }[] = [];
  for (const t of tasks) {
    const title = `待办：${t.name ?? t.nodeId}`.slice(0, 255);
    const users = t.assignee ? [t.assignee] : t.candidates.filter((c) => c.kind === 'user').map((c) => c.value);
    for (const u of new Set(users)) rows.push({ id: newId(), user_id: u, title, task_id: t.id, sms: smsOf(t) });
    if (!t.assignee)
      for (const c of t.candidates) if (c.kind === 'role' || c.kind === 'dept') groups.push({ task: t, kind: c.kind, value: c.value });
  }
  if (groups.length) {
    // Users holding a candidate role (by id or alias) or belonging to a candidate department.
    const found = await usersOfGroups(q, tenantId, groups);
    const seen = new Set(rows.map((r) => `${r.task_id}:${r.user_id}`));
    for (const f of found) {
      const t = groups[f.n].task;
      if (seen.has(`${t.id}:${f.user_id}`)) continue;
      seen.add(`${t.id}:${f.user_id}`);
      rows.push({ id: newId(), user_id: f.user_id, title: `待签：${t.name ?? t.nodeId}`.slice(0, 255), task_id: t.id, sms: smsOf(t) });
    }
  }
  return rows;
}
