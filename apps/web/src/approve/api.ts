import type { FormSchema, PageData, TreeNode } from '@civdesk/meta';
import { getData, postData } from '../api/request.ts';
import type { BladeFlow } from '../workflow/api.ts';

// The approval calls (/api/dw-biz-mzapprove; their wire contract is in docs/approvals.md)
// and the matter catalogue calls the launch screen reads.

const BASE = '/api/dw-biz-mzapprove';
const TODO = `${BASE}/demoTodo`;
const APPLY = `${BASE}/demoApply`;
const OPINION = `${BASE}/demoOpinion`;

/** warnState: 0 normal, 1 warning, 2 overdue, 3 suspended (or awaiting supplement). */
export type WarnState = 0 | 1 | 2 | 3;

/** One row of the todo, done and finished lists (ID card masked by the server). */
export type ApplyRow = {
  applyId: string;
  taskId?: string | null;
  claimed?: boolean;
  warnState?: WarnState | null;
  applicantName?: string;
  applicantIdCard?: string | null;
  itemName?: string;
  realCurActivityName?: string | null;
  activityId?: string | null;
  /** Done list: the step the caller completed, and when. */
  activityName?: string | null;
  handleTime?: string | null;
  prevActivityName?: string | null;
  createTime?: string | null;
  acceptDate?: string | null;
  curActivityDeadlineDate?: string | null;
  finishTime?: string | null;
  registerPeople?: string | null;
  registerDeptName?: string | null;
  source?: string | null;
  dictName?: string | null;
  status?: string | null;
  statusName?: string | null;
  canRecall?: boolean;
  ifPermitBatch?: boolean;
  /** The suspension requests awaiting the caller's audit: the request, who made it and when. */
  suspendId?: string;
  suspendReason?: string | null;
  requestedByName?: string | null;
  requestTime?: string | null;
};

export type ListKind = 'todo' | 'done' | 'finish';
/** The lists' tabs: the three lists, and on the todo screen the suspension requests to audit. */
export type ListTab = ListKind | 'audit';
export type Query = Record<string, string | number | undefined>;

/** The todo list reads its filters from the query string; the done and finished lists take them as `param`. */
export function fetchList(kind: ListKind, q: Query): Promise<PageData<ApplyRow>> {
  if (kind === 'todo') return getData(`${TODO}/getMyTodoList`, q);
  const { current = 1, size = 10, ...param } = q;
  return postData(`${TODO}/${kind === 'done' ? 'getMyTodoDoneList' : 'getMyTodoFinishList'}`, { current, size, param });
}

/** The suspension requests awaiting the caller's audit (挂起审核), filtered like the todo list. */
export const fetchAuditList = (q: Query): Promise<PageData<ApplyRow>> => getData(`${TODO}/getMySuspendAuditList`, q);

const silent = { meta: { silentCodes: 'all' as const } };

/** The tab counts (todo with its warning and overdue parts, finished, to audit); one that cannot be read is left out. */
export async function fetchCounts(): Promise<{ todo?: number; warning?: number; overdue?: number; finish?: number; audit?: number }> {
  const [todo, finish, audit] = await Promise.all([
    getData<{ count: number; warning: number; overdue: number }>(`${TODO}/getMyTodoCount`, undefined, silent).catch(() => undefined),
    postData<{ count: number }>(`${TODO}/getMyTodoFinishCount`, { param: {} }, silent).catch(() => undefined),
    getData<{ count: number }>(`${TODO}/getMySuspendAuditCount`, undefined, silent).catch(() => undefined),
  ]);
  return { todo: todo?.count, warning: todo?.warning, overdue: todo?.overdue, finish: finish?.count, audit: audit?.count };
}

/** A double claim answers 409 已被他人签收, shown as the server words it. */
export const claim = (taskId: string) => getData<{ taskId: string }>(`${TODO}/doClaim`, { taskId });
export const recall = (applyId: string) => getData<{ taskId: string }>(`${TODO}/doRecall`, { applyId });
/** Handles several applications with one button and opinion; all or none (steps must permit it). */
export const batchHandle = (items: { applyId: string; taskId: string; realCurActivityName: string }[], buttonId: string, content: string) =>
  postData<{ count: number }>(`${TODO}/batchHandle`, { items, buttonId, content });
/** The step's required tabs not yet saved: submit is refused while any is left. */
export const nonDealPages = (applyId: string, taskId: string) =>
  getData<{ id: string; pageTabname: string; pageTaburl?: string }[]>(`${TODO}/getAllNonDealPages`, { applyId, taskId });

// ---- One application

export type Member = { id?: string; memberName: string; memberIdCard: string; relation?: string; memberPhone?: string };
export type OpenTask = {
  taskId: string;
  activityId: string;
  realCurActivityName: string;
  elementId?: string;
  assignee?: string | null;
  assigneeName?: string | null;
  claimed?: boolean;
  canClaim?: boolean;
  canHandle?: boolean;
  createTime?: string;
  dueDate?: string | null;
};
export type Apply = ApplyRow & {
  id: string;
  itemId?: string;
  itemNo?: string;
  mathfVersionId?: string;
  applicantPhone?: string;
  applicantAddress?: string;
  regionId?: string;
  formData?: Record<string, unknown>;
  processInstanceId?: string | null;
};
/** A suspension request awaiting the step leader role's audit (挂起审核). */
export type SuspendRequest = {
  id: string;
  reason: string | null;
  requestedBy: string;
  requestedByName: string | null;
  requestTime: string;
  canAudit: boolean;
};
export type Current = { apply: Apply; members: Member[]; tasks: OpenTask[]; suspendRequest?: SuspendRequest | null };

/** The header of the handling page. */
export type TopRight = {
  status?: string;
  statusName?: string;
  acceptDate?: string | null;
  legalDeadline?: string | null;
  promiseDeadline?: string | null;
  curActivityDeadlineDate?: string | null;
  curActivityWarnDate?: string | null;
  warnState?: WarnState | null;
  remainingDays?: number | null;
  suspendedDays?: number | null;
  realCurActivityName?: string | null;
};

export type FieldRight = 'hidden' | 'read' | 'edit' | 'required';
export type StepForm = {
  formId?: string | null;
  formVersionId?: string | null;
  schema: FormSchema | null;
  data: Record<string, unknown> | null;
  rights?: Record<string, FieldRight>;
};

export type Visited = {
  activityId: string;
  activityName: string;
  userId?: string;
  userName?: string;
  endTime?: string | null;
  status?: string;
};

/** The step's buttons; `action` is what submit does with the button. */
export type ButtonAction = 'pass' | 'reject' | 'back' | 'recall' | 'suspend' | 'supplement' | 'notAccept' | 'save' | 'print';
export type StepButton = {
  id: string;
  buttonId?: string;
  name: string;
  localButtonStyle?: string;
  localButtonColor?: string;
  action: ButtonAction | string | null;
  options?: { id: string; butOptsInfo: string; isDefault?: number | boolean }[];
};
export type NextUser = { id: string; account?: string; realName?: string; deptName?: string };
export type NextStep = { end: boolean; activityId?: string; activityName?: string; users: NextUser[] };
export type Opinion = {
  id: string;
  activityName?: string;
  buttonName?: string;
  action?: string;
  content?: string;
  userName?: string;
  deptName?: string;
  createTime?: string;
};
export type OpinionGroup = { activityId: string; activityName: string; opinions: Opinion[] };

/** The caller's drafts (demoApply/page in status DRAFT). */
export const myDrafts = (q: Query) => getData<PageData<Apply>>(`${APPLY}/page`, { ...q, status: 'DRAFT' });
export const current = (applyId: string) => getData<Current>(`${APPLY}/getCurrent`, { applyId });
export const topRight = (applyId: string) => getData<TopRight>(`${APPLY}/getCurrentTopRight`, { applyId });
export const formInfo = (applyId: string) => getData<StepForm>(`${APPLY}/getFormInfo`, { applyId });
export const matIntFormInfo = (applyId: string) => getData<StepForm>(`${APPLY}/getMatIntFormInfo`, { applyId });
export const visitedSteps = (applyId: string) => getData<Visited[]>(`${APPLY}/getSpecActivityUser`, { applyId });
export const modelViewByApply = (applyId: string) =>
  getData<{ xml: string | null; history?: BladeFlow[]; flow?: BladeFlow[] }>(`${APPLY}/getModelViewByApplyId`, { applyId });
/** Is the page still on the application's current step (read quietly: the page shows the answer). */
export const checkActivity = (applyId: string, realCurActivityName: string) =>
  getData<{ current: boolean; realCurActivityName: string }>(`${APPLY}/checkApplyActivity`, { applyId, realCurActivityName }, silent);

/** Where the page is: every write carries the step the page shows, so a moved-on step is refused (409). */
export type StepRef = { applyId: string; taskId: string; realCurActivityName: string };
export const updateForm = (at: StepRef, formData: Record<string, unknown>) =>
  postData<{ id: string }>(`${APPLY}/update`, { ...at, formData });

/** Marks tabs of the step saved for the task (a tab without a form of its own, such as the materials). */
export const savePages = (at: StepRef, pageIds: string[]) =>
  postData<{ id: string }>(`${APPLY}/savePage`, { applyId: at.applyId, taskId: at.taskId, pageIds: pageIds.join(',') });

export type TaskAction =
  | 'unclaim'
  | 'delegate'
  | 'transfer'
  | 'addSign'
  | 'cc'
  | 'back'
  | 'notAccept'
  | 'supplement'
  | 'suspend'
  | 'suspendApprove'
  | 'suspendReject'
  | 'resume'
  | 'withdraw'
  | 'terminate';
export type ActionInput = {
  reason?: string;
  userId?: string;
  userIds?: string[];
  targetActivityId?: string;
  position?: 'before' | 'after';
};
export const handleTask = (at: StepRef, action: TaskAction, input: ActionInput = {}) =>
  postData<{ id: string; status: string; realCurActivityName: string }>(`${APPLY}/handleTask`, { ...at, action, ...input });
/** 挂起审核: approve or reject the suspension request awaiting audit. */
export const auditSuspension = (applyId: string, decision: 'suspendApprove' | 'suspendReject', reason?: string) =>
  postData<{ id: string; status: string }>(`${APPLY}/handleTask`, { applyId, action: decision, reason });

export const curButtons = (applyId: string, taskId: string) => getData<StepButton[]>(`${OPINION}/getCurBtns`, { applyId, taskId });
export const nextActUsers = (applyId: string, buttonId: string, taskId: string) =>
  getData<NextStep>(`${OPINION}/getNextActUsers`, { applyId, buttonId, taskId });
export const opinionHistory = (applyId: string) => getData<OpinionGroup[]>(`${OPINION}/getOpinionHisByApplyId`, { applyId });
export const draftOpinion = (applyId: string, taskId: string) =>
  getData<{ content?: string; buttonId?: string } | null>(`${OPINION}/getCurOpinionByApplyId`, { applyId, taskId });
export const submitOpinion = (at: StepRef, body: { buttonId: string; content: string; nextUsers?: string[]; targetActivityId?: string }) =>
  postData<{ id: string; status: string; realCurActivityName: string }>(`${OPINION}/submit`, { ...at, ...body });

// ---- Launching

const CATALOGUE = '/api/dw-matter/matintCatalogueType';
const ITEM = '/api/dw-matter/matIntElement';
const VERSION = '/api/dw-matter/matWfVersion';

export type MatterRow = { id: string; itemName: string; itemNo: string; itemType?: string; catalogueType?: string };

export const catalogueTree = () => getData<TreeNode[]>(`${CATALOGUE}/cusStartTree`);
export const mattersOf = (catalogueId: string, q: Query) =>
  postData<PageData<MatterRow>>(`${ITEM}/getMyMatterPageByCatalogueId`, { catalogueId, ...q });
/**
 * The id of the item's version enabled today, null when there is none; undefined when the caller
 * may not read versions (doRegister then takes the enabled one itself).
 */
export async function enabledVersion(itemId: string): Promise<string | null | undefined> {
  try {
    const v = await getData<{ id: string } | null>(`${VERSION}/getCurEnableVersion`, { itemId }, { meta: { silentCodes: [403] } });
    return v?.id ?? null;
  } catch (e) {
    const res = e as { status?: number; data?: { code?: number } };
    if ((res.data?.code ?? res.status) === 403) return undefined;
    throw e;
  }
}
/** The forms of a version's steps in step order: the first step's public form is the application form. */
export const versionForms = (versionId: string) =>
  getData<{ userTaskId: string; publicFormPc?: string | null; basicForm?: string | null }[]>(`${VERSION}/getCusFormByVersionId`, {
    versionId,
  });

export type Applicant = {
  applicantName: string;
  applicantIdCard: string;
  applicantPhone?: string;
  regionId?: string;
  applicantAddress?: string;
};
export type RegisterBody = {
  id?: string;
  itemId: string;
  mathfVersionId?: string;
  submit: boolean;
  formData: Record<string, unknown>;
  applicant: Applicant;
  members: Member[];
  source: string;
};
/** `submit: false` saves a draft (暂存), `true` registers it and starts the process. */
export const doRegister = (body: RegisterBody) =>
  postData<{ id: string; status: string; processInstanceId: string | null }>(`${APPLY}/doRegister`, body);
