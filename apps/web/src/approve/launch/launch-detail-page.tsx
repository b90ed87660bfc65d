import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { toastSuccess } from '../../api/toast.ts';
import { fetchDictionary } from '../../crud/crud-api.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';
import { useL } from '../../matter/forms/texts.ts';
import { current, doRegister, matIntFormInfo, versionForms } from '../api.ts';
import { MatterForm } from '../lazy-parts.tsx';
import { MaterialsSlot } from '../panels.tsx';
import { launchPath } from '../paths.ts';
import { PersonForm, type PersonValues } from './person-form.tsx';

/** Values as sent: blanks left out, text trimmed. */
function clean<T extends object>(v: T): T {
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== undefined && x !== null && x !== '')
      .map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x]),
  ) as T;
}

/**
 * `/matters/launch/detail/{mathfVersionId}/{itemName}/{itemNo}/{id}` (id 0: a new application;
 * `?itemId=` names the matter): the matter's application form, the applicant and family members,
 * the materials, 暂存 (a draft) and 申报 (registers it and starts the process).
 */
export function LaunchDetailPage() {
  const L = useL();
  const navigate = useNavigate();
  const client = useQueryClient();
  const perms = useButtonPermissions();
  const { mathfVersionId = '0', itemName = '', itemNo = '', id = '0' } = useParams();
  const [search] = useSearchParams();
  const isNew = id === '0';
  const [matterForm] = Form.useForm();
  const [personForm] = Form.useForm<PersonValues>();
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState('1');

  const draft = useQuery({ queryKey: ['approve', 'current', id], queryFn: () => current(id), enabled: !isNew });
  const draftForm = useQuery({ queryKey: ['approve', 'launch-form', id], queryFn: () => matIntFormInfo(id), enabled: !isNew });
  // A new application: the application form is the public form of the version's first step.
  const steps = useQuery({
    queryKey: ['approve', 'version-forms', mathfVersionId],
    queryFn: () => versionForms(mathfVersionId),
    enabled: isNew && mathfVersionId !== '0',
  });
  const sources = useQuery({ queryKey: ['approve', 'dict', 'approve_source'], queryFn: () => fetchDictionary('approve_source') });
  const itemId = draft.data?.apply.itemId ?? search.get('itemId') ?? '';
  const newFormId = steps.data?.[0]?.publicFormPc ?? undefined;

  const save = async (submit: boolean) => {
    // A draft may be half filled; registering checks the matter's form as the server will.
    const formData = submit
      ? await matterForm.validateFields().catch(() => undefined)
      : (matterForm.getFieldsValue() as Record<string, unknown>);
    const person = await personForm.validateFields().catch(() => undefined);
    if (!formData || !person) return;
    const { members = [], ...applicant } = person;
    setBusy(true);
    try {
      const res = await doRegister({
        ...(isNew ? {} : { id }),
        itemId,
        ...(mathfVersionId !== '0' ? { mathfVersionId } : {}),
        submit,
        formData: clean(formData),
        applicant: clean(applicant),
        members: members.map(clean),
        source: draft.data?.apply.source ?? source,
      });
      await client.invalidateQueries({ queryKey: ['approve'] });
      if (submit) {
        toastSuccess(L('申报成功', 'Registered'));
        navigate('/matters/launch');
      } else {
        toastSuccess(L('暂存成功', 'Draft saved'));
        if (isNew) navigate(`${launchPath(mathfVersionId, itemName, itemNo, res.id)}?itemId=${itemId}`, { replace: true });
      }
    } catch {
      // Refused (a field, a missing version): the request layer has shown the server's message; nothing changed.
    } finally {
      setBusy(false);
    }
  };

  if (!isNew && (draft.isLoading || draftForm.isLoading)) return <Spin />;
  if (!itemId)
    return (
      <Alert
        type="error"
        showIcon
        message={L('未指定申报的事项，请从事项申报中选择', 'No matter given: choose one on the launch screen')}
      />
    );
  const a = draft.data?.apply;
  const initial: PersonValues | undefined = a
    ? {
        applicantName: a.applicantName ?? '',
        applicantIdCard: a.applicantIdCard ?? '',
        applicantPhone: a.applicantPhone,
        regionId: a.regionId,
        applicantAddress: a.applicantAddress,
        members: draft.data?.members ?? [],
      }
    : { applicantName: '', applicantIdCard: '', members: [] };

  let matter = <Alert type="info" showIcon message={L('该事项未配置申请表单', 'The matter has no application form')} />;
  if (!isNew && draftForm.data?.schema) matter = <MatterForm schema={draftForm.data.schema} data={draftForm.data.data} form={matterForm} />;
  else if (isNew && steps.isLoading) matter = <Spin />;
  else if (isNew && (mathfVersionId === '0' || steps.isError))
    matter = (
      <Alert
        type="warning"
        showIcon
        message={L(
          '无法读取该事项的申请表单（需要查看流程版本的权限）',
          "The matter's form cannot be read (it takes the right to view workflow versions)",
        )}
      />
    );
  else if (isNew && newFormId) matter = <MatterForm formId={newFormId} form={matterForm} />;

  return (
    <Card title={`${itemName}（${itemNo}）`} data-testid="launch-detail">
      <Typography.Title level={5}>{L('申请表', 'Application form')}</Typography.Title>
      {matter}
      <div style={{ height: 24 }} />
      <Typography.Title level={5}>{L('申请人信息', 'Applicant')}</Typography.Title>
      <PersonForm form={personForm} initial={initial} />
      <Space style={{ marginBottom: 12 }}>
        <span>{L('来源', 'Source')}</span>
        <Select
          value={a?.source ?? source}
          disabled={Boolean(a)}
          onChange={setSource}
          style={{ width: 160 }}
          options={(sources.data ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }))}
          data-testid="launch-source"
        />
      </Space>
      <div style={{ height: 24 }} />
      <Typography.Title level={5}>{L('申请材料', 'Materials')}</Typography.Title>
      {isNew ? (
        <Alert type="info" showIcon message={L('暂存后即可上传申请材料', 'Save a draft to upload the materials')} />
      ) : (
        <MaterialsSlot applyId={id} />
      )}
      <div style={{ height: 24 }} />
      {perms.has('approve_launch_register') && (
        <Space>
          <Button loading={busy} onClick={() => void save(false)} data-testid="launch-draft">
            {L('暂存', 'Save draft')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save(true)} data-testid="launch-register">
            {L('申报', 'Register')}
          </Button>
          <Button onClick={() => navigate('/matters/launch')}>{L('返回', 'Back')}</Button>
        </Space>
      )}
    </Card>
  );
}
