import type { FormSchema } from '@civdesk/meta';
import type { FormInstance } from 'antd';
import { FormRenderer } from '../../matter/forms/form-renderer.tsx';
import { PublishedForm } from '../../matter/forms/published-form.tsx';

/** The matter's application form: a draft's own version with its data, or the newest published version of `formId`. */
export function MatterForm(p: { form: FormInstance; schema?: FormSchema | null; data?: Record<string, unknown> | null; formId?: string }) {
  if (p.schema) return <FormRenderer schema={p.schema} form={p.form} initialValues={p.data ?? {}} />;
  return <PublishedForm formId={p.formId ?? ''} form={p.form} />;
}
