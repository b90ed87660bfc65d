import type { FormSchema } from '@civdesk/meta';
import { getData, postData } from '../../api/request.ts';

const form = '/api/dw-matter/matIntForm';
const detail = '/api/dw-matter/matIntFormDetail';

export type FormRow = { id: string; formName: string; publishStatus: number; latestVersion: number };
export type DetailRow = Record<string, unknown> & { id: string; fieldName: string; fieldType: string; hasChildren?: boolean };
export type FormVersion = { formId: string; version: number; publishTime: string; schema: FormSchema };

export const fetchForms = () => getData<{ records: FormRow[] }>(`${form}/page`, { current: 1, size: 500 });
export const fetchLevel = (formId: string, parentId = '0') => getData<DetailRow[]>(`${detail}/lazyList`, { formId, parentId });
export const saveAll = (formId: string, fields: unknown[]) => postData<{ count: number }>(`${detail}/submitAll`, { formId, fields });
export const publish = (id: string) => postData<{ version: number }>(`${form}/doPublish`, { id });
export const fetchVersion = (formId: string, version?: number) =>
  getData<FormVersion>(`${form}/versionDetail`, version ? { formId, version } : { formId });
