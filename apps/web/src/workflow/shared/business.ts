import type { BladeFlow, FlowProcess } from '../api.ts';

/**
 * The business forms the product ships, by the name in their web routes. A process is matched to
 * one by its task's form key or business table, else by its definition key, else by its category
 * (a category stands for one business, as the `flow` dictionary's entries do: 办公流程 → leave).
 */
const businesses: { name: string; keys: string[]; categories: string[] }[] = [{ name: 'leave', keys: ['leave'], categories: ['flow_1'] }];

const lower = (s?: string | null) => (s ?? '').toLowerCase();

export function businessOf(row: {
  formKey?: string | null;
  businessTable?: string;
  key?: string;
  processDefinitionKey?: string;
  category?: string;
}) {
  const named = (text: string) => businesses.find((b) => text.includes(b.name));
  return (
    named(lower(row.formKey)) ??
    named(lower(row.businessTable)) ??
    businesses.find((b) => b.keys.includes(lower(row.key ?? row.processDefinitionKey))) ??
    businesses.find((b) => row.category && b.categories.includes(row.category))
  )?.name;
}

/** Where 发起 opens the definition's start form; undefined when the product has none for it. */
export function formPath(p: Pick<FlowProcess, 'id' | 'key' | 'category'>): string | undefined {
  const b = businessOf(p);
  return b && `/work/process/${b}/form/${encodeURIComponent(p.id)}`;
}

/** Where 办理 opens a task of the to-do list. */
export function handlePath(t: BladeFlow): string | undefined {
  const b = businessOf(t);
  if (!b || !t.taskId || !t.processInstanceId || !t.businessId) return undefined;
  return `/work/process/${b}/handle/${[t.taskId, t.processInstanceId, t.businessId].map(encodeURIComponent).join('/')}`;
}

/** Where 详情 opens an instance the user started or took part in. */
export function detailPath(t: BladeFlow): string | undefined {
  const b = businessOf(t);
  if (!b || !t.processInstanceId || !t.businessId) return undefined;
  return `/work/process/${b}/detail/${encodeURIComponent(t.processInstanceId)}/${encodeURIComponent(t.businessId)}`;
}
