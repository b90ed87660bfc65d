import type { PageData } from '@civdesk/meta';
import { getData, postData } from '../api/request.ts';

// The workflow calls (blade-flow, blade-desk/process/leave). Shapes as the server answers them.

/** One step of an instance's history, or one task in a work list. */
export type BladeFlow = {
  historyActivityId?: string;
  historyActivityName?: string;
  historyActivityType?: string;
  assignee?: string | null;
  assigneeName?: string | null;
  createTime?: string | null;
  endTime?: string | null;
  historyActivityDurationTime?: string | null;
  comment?: string | null;
  flag?: string | null;
  taskId?: string;
  taskName?: string;
  taskDefinitionKey?: string;
  category?: string;
  categoryName?: string;
  claimTime?: string | null;
  processInstanceId?: string;
  processDefinitionId?: string;
  processDefinitionKey?: string;
  processDefinitionName?: string;
  processDefinitionVersion?: number;
  processIsFinished?: boolean;
  businessTable?: string;
  businessId?: string;
  status?: string;
  startUser?: string;
  startUserName?: string;
  formKey?: string | null;
};

/** A deployed process definition. */
export type FlowProcess = {
  id: string;
  tenantId?: string;
  name: string;
  key: string;
  category?: string;
  categoryName?: string;
  version: number;
  deploymentId: string;
  resourceName?: string;
  suspensionState: number;
  deploymentTime?: string;
};

export type FlowModel = {
  id: string;
  tenantId?: string;
  name: string;
  modelKey: string;
  description?: string;
  version?: number;
  created?: string;
  lastUpdated?: string;
  modelType?: number;
  xml?: string;
};

export type FollowRow = {
  processInstanceId: string;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion?: number;
  category?: string;
  categoryName?: string;
  businessTable?: string;
  businessId?: string;
  startUser?: string;
  startUserName?: string;
  createTime?: string;
  endTime?: string | null;
  status: 'running' | 'suspended' | 'completed' | 'terminated';
  currentActivityNames?: string;
  suspensionState?: number;
};

export type ModelView = { xml: string; flow: BladeFlow[] };
export type WorkCounts = { claim: number; todo: number; send: number; done: number };
export type WorkList = 'claim' | 'todo' | 'send' | 'done';
export type Query = Record<string, string | number | undefined>;

const FLOW = '/api/blade-flow';
const LEAVE = '/api/blade-desk/process/leave';

export const modelView = (by: { processInstanceId?: string; processDefinitionId?: string }) =>
  getData<ModelView>(`${FLOW}/process/model-view`, by);
export const historyFlowList = (processInstanceId: string) =>
  getData<BladeFlow[]>(`${FLOW}/process/history-flow-list`, { processInstanceId });

export const startList = (q: Query) => getData<PageData<FlowProcess>>(`${FLOW}/work/start-list`, q);
export const workList = (list: WorkList, q: Query) => getData<PageData<BladeFlow>>(`${FLOW}/work/${list}-list`, q);
export const workCounts = () => getData<WorkCounts>(`${FLOW}/work/counts`, undefined, { meta: { silentCodes: 'all' } });
export const claimTask = (taskId: string) => postData<unknown>(`${FLOW}/work/claim-task`, undefined, { params: { taskId } });
export const completeTask = (body: {
  taskId: string;
  processInstanceId: string;
  flag: 'ok' | 'reject';
  comment: string;
  variables?: Record<string, unknown>;
}) => postData<unknown>(`${FLOW}/work/complete-task`, body);
export const returnTargets = (taskId: string) => getData<{ nodeId: string; nodeName: string }[]>(`${FLOW}/work/return-targets`, { taskId });
export const returnTask = (body: { taskId: string; targetNodeId: string; comment: string }) =>
  postData<unknown>(`${FLOW}/work/return-task`, body);

/** 委派 (the task comes back to the delegator once done) or 转办 (it becomes the other user's). */
export const handOverTask = (mode: 'delegate' | 'transfer', taskId: string, userId: string) =>
  postData<unknown>(`${FLOW}/work/${mode}-task`, undefined, { params: { taskId, userId } });
export const ccTask = (taskId: string, userIds: string[]) =>
  postData<unknown>(`${FLOW}/work/cc`, undefined, { params: { taskId, userIds: userIds.join(',') } });
export const addSign = (taskId: string, position: 'before' | 'after', userIds: string[]) =>
  postData<unknown>(`${FLOW}/work/add-sign`, { taskId, position, userIds: userIds.join(',') });

export const managerList = (q: Query) => getData<PageData<FlowProcess>>(`${FLOW}/manager/list`, q);
export const changeState = (processId: string, state: 'active' | 'suspend') =>
  postData<unknown>(`${FLOW}/manager/change-state`, undefined, { params: { processId, state } });
export function deployUpload(category: string, files: File[]) {
  const form = new FormData();
  form.append('category', category);
  for (const f of files) form.append('files', f);
  return postData<FlowProcess[]>(`${FLOW}/manager/deploy-upload`, form);
}
/** Without cascade the server refuses while instances run; the refusal comes back to the caller untoasted. */
export const deleteDeployment = (deploymentIds: string, cascade: boolean) =>
  postData<unknown>(`${FLOW}/manager/delete-deployment`, undefined, {
    params: { deploymentIds, cascade },
    meta: cascade ? undefined : { silentCodes: [400] },
  });

export const followList = (q: Query) => getData<PageData<FollowRow>>(`${FLOW}/follow/list`, q);
export const deleteInstance = (processInstanceId: string, deleteReason: string) =>
  postData<unknown>(`${FLOW}/follow/delete-process-instance`, undefined, { params: { processInstanceId, deleteReason } });
export const suspendInstance = (processInstanceId: string, suspend: boolean) =>
  postData<unknown>(`${FLOW}/follow/${suspend ? 'suspend' : 'resume'}`, undefined, { params: { processInstanceId } });

/** Moves a running instance to another deployed version; `mapping` renames steps the target lacks. */
export const migrateInstance = (processInstanceId: string, processDefinitionId: string, mapping: Record<string, string>) =>
  postData<unknown>(`${FLOW}/follow/migrate`, { processInstanceId, processDefinitionId, mapping });

export const modelList = (q: Query) => getData<PageData<FlowModel>>(`${FLOW}/model/list`, q);
export const modelDetail = (id: string) => getData<FlowModel>(`${FLOW}/model/detail`, { id });
export const submitModel = (body: { id?: string; name: string; modelKey: string; description?: string; xml: string }) =>
  postData<FlowModel>(`${FLOW}/model/submit`, body);
export const removeModels = (ids: string) => postData<unknown>(`${FLOW}/model/remove`, undefined, { params: { ids } });
export const deployModel = (modelId: string, category: string) =>
  postData<FlowProcess>(`${FLOW}/model/deploy`, undefined, { params: { modelId, category } });

export type LeaveDetail = {
  id: string;
  processDefinitionId: string;
  processInstanceId: string;
  startTime: string;
  endTime: string;
  days?: number;
  reason: string;
  applyUser?: string;
  applyUserName?: string;
  createTime?: string;
  flow: BladeFlow[];
};
export const startLeave = (body: { processDefinitionId: string; startTime: string; endTime: string; reason: string; taskUser?: string }) =>
  postData<{ businessId: string; processInstanceId: string }>(`${LEAVE}/start-process`, body);
export const leaveDetail = (businessId: string) => getData<LeaveDetail>(`${LEAVE}/detail`, { businessId });
