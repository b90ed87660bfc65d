import type { Db } from '@civdesk/db';
import { user } from '@civdesk/resources';
import { systemCaller } from '../../core/caller.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { sendSms, smsConfigOf } from '../sms/providers.ts';

// SMS for new tasks of steps that ask for it (`civ:sms`). The command that made the task only marks
// its notices `pending`; this sends them afterwards, so a slow or failing gateway never holds or
// undoes a command. Rows are taken with SKIP LOCKED, so several server copies never send one twice.

const BATCH = 50;
const U = sqlOf(user, 'u');

type Pending = { id: string; tenantId: string; userId: string; title: string; phone: string | null };

/** Sends up to one batch of pending task SMS; answers how many notices it settled. */
export async function sendPendingSms(db: Db, tz: string): Promise<number> {
  return db.tx(async (q) => {
    const rows = await q.query<Pending>(
      `select n.id::text, n.tenant_id as "tenantId", n.user_id as "userId", n.title,
              (select ${U.c.phone} from ${U.table} where ${U.live('n.tenant_id')} and ${U.c.id}::text = n.user_id) as phone
         from wf_notice n where n.sms_state = 'pending' order by n.id limit ${BATCH} for update of n skip locked`,
    );
    const configs = new Map<string, Awaited<ReturnType<typeof smsConfigOf>>>();
    for (const r of rows) {
      if (!configs.has(r.tenantId)) configs.set(r.tenantId, await smsConfigOf(q, r.tenantId));
      const cfg = configs.get(r.tenantId);
      let state: string;
      if (!cfg) state = 'noconfig';
      else if (!r.phone || !/^1\d{10}$/.test(r.phone)) state = 'nophone';
      else {
        const scope = { caller: systemCaller(r.tenantId), tz };
        const outcome = await sendSms(q, scope, cfg, [r.phone], { title: r.title }).catch(() => ({ ok: false }));
        state = outcome.ok ? 'sent' : 'failed';
      }
      await q.query('update wf_notice set sms_state = $2 where id = $1', [r.id, state]);
    }
    return rows.length;
  });
}
