import type { Queryable } from '@civdesk/db';
import { newId } from '../crud/ids.ts';
import { deploy } from '../modules/workflow/definitions.ts';
import { LEAVE_CATEGORY, LEAVE_KEY, LEAVE_XML } from '../modules/workflow/leave-model.ts';

/** The leave-request model (请假流程), saved and deployed for each demo tenant. */
export async function seedLeaveProcess(t: Queryable, tenantIds: string[]) {
  for (const tenantId of tenantIds) {
    await t.query(
      `insert into wf_model (id, tenant_id, model_key, name, description, xml) values ($1, $2, $3, '请假流程', '请假申请的示例流程', $4)`,
      [newId(), tenantId, LEAVE_KEY, LEAVE_XML],
    );
  }
  await deploy(t, LEAVE_XML, { tenantIds, category: LEAVE_CATEGORY, resourceName: `${LEAVE_KEY}.bpmn20.xml`, actor: null });
}
