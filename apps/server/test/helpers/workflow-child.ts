// A server copy that dies mid-command: it completes a task and stops dead right after writing the
// step's history, inside the transaction, telling its parent, which then kills it with SIGKILL.
import { openDb, type Queryable } from '@civdesk/db';
import { WorkflowRuntime } from '../../src/modules/workflow/runtime.ts';
import { TaskCommands } from '../../src/modules/workflow/tasks.ts';
import { workflowCaller } from './workflow-caller.ts';

const [url, taskId, userId] = process.argv.slice(2);
const db = await openDb({ url, poolSize: 2 });
const tx = db.tx.bind(db);
db.tx = <T>(fn: (q: Queryable) => Promise<T>) =>
  tx((q) =>
    fn({
      exec: (sql) => q.exec(sql),
      query: async <R>(sql: string, params?: unknown[]) => {
        const rows = await q.query<R>(sql, params);
        if (sql.includes('insert into wf_history')) {
          process.send?.('written');
          await new Promise(() => {});
        }
        return rows;
      },
    }),
  );
await new TaskCommands(new WorkflowRuntime(db, 'Asia/Shanghai')).complete(workflowCaller(userId), {
  taskId,
  flag: 'ok',
  comment: '不会提交',
});
