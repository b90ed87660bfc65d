import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import type { ComponentProps } from 'react';
import { fetchVersion } from './api.ts';
import { FormRenderer } from './form-renderer.tsx';
import { useL } from './texts.ts';

/**
 * A published form version, rendered for filling in or reading (the approval screens use it):
 * `version`, or the newest version of a form published now. What it accepts is what the server's
 * validateFormData accepts for that version.
 */
export function PublishedForm(p: { formId: string; version?: number } & Omit<ComponentProps<typeof FormRenderer>, 'schema'>) {
  const L = useL();
  const { formId, version, ...rest } = p;
  const q = useQuery({ queryKey: ['mat-form-version', formId, version ?? 'latest'], queryFn: () => fetchVersion(formId, version) });
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="warning" showIcon message={L('表单不存在或尚未发布', 'The form does not exist or is not published')} />;
  return <FormRenderer schema={q.data.schema} {...rest} />;
}
