import '../i18n/crud-texts.ts';
import { ModalForm, ProForm, type ProFormInstance } from '@ant-design/pro-components';
import type { Resource } from '@civdesk/meta';
import { Modal, message } from 'antd';
import { cloneElement, isValidElement, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../api/request.ts';
import { getUserInfo } from '../api/session.ts';
import { useLang } from '../i18n/index.ts';
import { type Endpoints, endpointsOf, fetchDetail, submitRow } from './crud-api.ts';
import { widgetByType } from './form-fields.tsx';
import { defaultValues, type FormMode, formFields, groupFields, presetValues, toBody, toFormValues } from './form-values.ts';
import { optionSourceOf, useFieldOptions } from './options.ts';
import { TenantField } from './tenant-field.tsx';
import { crossesTenants, useTenantOptions } from './tenant-scope.ts';
import { fieldRule, serverFieldErrors, validateBody } from './validation.ts';

export type ResourceFormProps = {
  resource: Resource;
  mode: FormMode;
  /** Row id for update and view; the row is read again from `detail`. */
  id?: string;
  onClose: () => void;
  onSaved: () => void;
  /** Other paths for detail/create/update (users). */
  endpoints?: Partial<Endpoints>;
  /** Values a new row starts with, over the definitions' defaults (e.g. the department chosen in a tree). */
  defaults?: Record<string, unknown>;
  /** Fields this screen leaves out of the dialog. */
  hiddenFields?: string[];
};

/** One dialog for add, edit and view, derived from the definition. */
export function ResourceForm({ resource: r, mode, id, onClose, onSaved, endpoints, defaults, hiddenFields }: ResourceFormProps) {
  const lang = useLang();
  const { t } = useTranslation();
  const formRef = useRef<ProFormInstance>(undefined);
  const urls = endpointsOf(r, endpoints);
  const hiddenKey = (hiddenFields ?? []).join(',');
  const fields = useMemo(() => {
    const hidden = hiddenKey.split(',');
    return formFields(r, mode).filter((ff) => !hidden.includes(ff.key));
  }, [r, mode, hiddenKey]);
  const groups = useMemo(() => groupFields(r, fields), [r, fields]);
  // The platform administrator names the tenant a row is in first; references then offer that tenant's rows.
  const cross = r.tenant && crossesTenants();
  // A new row starts in the caller's own tenant (or the screen's), changeable before anything else.
  const [tenantId, setTenantId] = useState(cross && mode === 'create' ? String(defaults?.tenantId ?? getUserInfo()?.tenant_id ?? '') : '');
  const tenants = useTenantOptions(cross);
  const options = useFieldOptions(
    r,
    fields.map((ff) => ff.key),
    lang,
    cross ? tenantId : undefined,
  );
  const tenantBound = useMemo(
    () =>
      fields.filter((ff) => {
        const source = optionSourceOf(r, ff.f);
        return source && 'own' in source && source.own;
      }),
    [r, fields],
  );
  const changeTenant = (code: string) => {
    setTenantId(code);
    // Another tenant's departments, roles and posts are not this one's.
    formRef.current?.setFieldsValue(Object.fromEntries(tenantBound.map((ff) => [ff.key, undefined])));
  };
  const rules = useMemo(() => Object.fromEntries(fields.map((ff) => [ff.key, [fieldRule(r, mode, lang, ff)]])), [r, mode, lang, fields]);
  const keys = fields.map((ff) => ff.key);

  const showErrors = (errors: { field: string; message: string }[]) =>
    formRef.current?.setFields(errors.filter((e) => keys.includes(e.field)).map((e) => ({ name: e.field, errors: [e.message] })));

  const onFinish = async (): Promise<boolean> => {
    const values = (formRef.current?.getFieldsValue(true) ?? {}) as Record<string, unknown>;
    const checked = validateBody(r, mode, lang, toBody(fields, values, mode, id));
    if (!checked.ok) {
      showErrors(checked.errors);
      return false;
    }
    try {
      const body: Record<string, unknown> = cross && mode === 'create' ? { ...checked.data, tenantId } : { ...checked.data };
      // A password asked twice: the server compares the second too.
      for (const ff of fields) if (ff.f.confirm && body[ff.key] !== undefined) body[`${ff.key}2`] = values[`${ff.key}2`] ?? '';
      await submitRow(r, body, mode === 'create' ? urls.create : urls.update);
    } catch (e) {
      // The request layer has shown the message; put field errors of a 400 next to their fields.
      if (e instanceof RequestError) showErrors(serverFieldErrors(e.data, keys));
      return false; // keeps the dialog open and ends the button's loading state
    }
    message.success(t(mode === 'create' ? 'crud.added' : 'crud.updated'));
    onSaved();
    return true;
  };

  // Esc closes the dialog, but asks first when something was changed (a slip of the key loses nothing).
  const asking = useRef(false);
  const onEscape = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented || asking.current) return;
    // An open dropdown takes its own Escape.
    if ((e.target as HTMLElement).getAttribute?.('aria-expanded') === 'true') return;
    e.stopPropagation();
    if (mode === 'view' || !formRef.current?.isFieldsTouched()) return onClose();
    asking.current = true;
    Modal.confirm({
      title: t('crud.confirmTitle'),
      content: t('crud.discardConfirm'),
      okText: t('crud.discard'),
      cancelText: t('crud.keepEditing'),
      okButtonProps: { 'data-testid': 'discard-ok' },
      cancelButtonProps: { 'data-testid': 'discard-cancel' },
      onOk: () => {
        asking.current = false;
        onClose();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  };

  const title = `${t(`crud.${mode === 'create' ? 'add' : mode === 'update' ? 'edit' : 'view'}`)} ${r.label[lang]}`;
  const view = mode === 'view';

  return (
    <ModalForm
      open
      title={title}
      width="70%"
      formRef={formRef}
      grid
      rowProps={{ gutter: 16 }}
      layout="horizontal"
      labelCol={{ flex: '110px' }}
      labelWrap
      omitNil={false}
      params={{ id }}
      request={async () => {
        if (!id) return { ...defaultValues(fields), ...presetValues(fields, defaults), ...(cross && tenantId ? { tenantId } : {}) };
        const row = await fetchDetail(r, id, urls.detail);
        if (cross) setTenantId(String(row.tenantId ?? ''));
        return { ...toFormValues(fields, row), ...(cross ? { tenantId: row.tenantId } : {}) };
      }}
      onOpenChange={(open) => !open && onClose()}
      onFinish={onFinish}
      modalProps={{
        maskClosable: false,
        centered: true,
        keyboard: false,
        wrapProps: { 'data-testid': 'resource-dialog' },
        // Around the panel, so the dialog's own Tab handling on its wrapper stays.
        modalRender: (panel) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: listens for Escape from the dialog's own controls, takes no focus
          <div onKeyDown={onEscape}>{panel}</div>
        ),
      }}
      submitter={{
        searchConfig: { submitText: t('crud.submit'), resetText: view ? t('crud.close') : t('crud.cancel') },
        submitButtonProps: view ? { style: { display: 'none' } } : { 'data-testid': 'dialog-submit' },
        resetButtonProps: { 'data-testid': 'dialog-cancel' },
      }}
    >
      {cross && (
        <TenantField
          label={t('crud.tenant')}
          required={t('crud.tenantFirst')}
          disabled={mode !== 'create'}
          options={tenants}
          onChange={changeTenant}
        />
      )}
      {groups.map((g) => {
        // Keyed by cloning, not by wrapping in a Fragment: ProForm gives its first child autoFocus,
        // which a Fragment cannot take (React warns, and the first field was never focused).
        const items = g.fields.map((ff) => {
          const widget = widgetByType[ff.f.type]({
            resource: r,
            lang,
            name: ff.key,
            f: ff.f,
            label: ff.f.label[lang],
            disabled: ff.readOnly,
            required: Boolean(ff.f.required) && !ff.readOnly,
            rules: ff.readOnly ? [] : rules[ff.key],
            span: ff.span,
            options: options[ff.key] ?? [],
            setValue: (key, value) => formRef.current?.setFields([{ name: key, value, errors: [] }]),
          });
          return isValidElement(widget) ? cloneElement(widget, { key: ff.key }) : widget;
        });
        return g.key ? (
          <ProForm.Group key={g.key} title={r.groups?.[g.key]?.[lang]}>
            {items}
          </ProForm.Group>
        ) : (
          items
        );
      })}
    </ModalForm>
  );
}
