import { demoMaterials, L, materialFileTypes, materialStatuses, personTypes } from '@civdesk/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { postData } from '../../api/request.ts';
import { toastError, toastSuccess } from '../../api/toast.ts';
import { uploadFile } from '../../api/upload.ts';
import { acceptsFile } from '../../crud/upload-field.tsx';
import { useLang } from '../../i18n/index.ts';

const API = demoMaterials.api;
const T = {
  title: L('申请材料', 'Materials'),
  material: L('材料名称', 'Material'),
  person: L('提交人', 'Person'),
  status: L('状态', 'Status'),
  file: L('文件', 'File'),
  actions: L('操作', 'Actions'),
  upload: L('上传', 'Upload'),
  replace: L('重新上传', 'Replace'),
  remove: L('删除', 'Delete'),
  confirmRemove: L('确定删除该材料文件？', 'Delete this file?'),
  required: L('必传', 'Required'),
  saved: L('材料已上传', 'Material uploaded'),
  removed: L('材料已删除', 'Material deleted'),
  none: L('该环节没有需要提交的材料', 'This step asks for no materials'),
};
const uploadLimits = demoMaterials.fields.fileUrl.upload as NonNullable<(typeof demoMaterials.fields.fileUrl)['upload']>;
const statusColor: Record<string, string> = { missing: 'red', received: 'blue', verified: 'green', 'to-supplement': 'orange' };

/** A person the application names: the applicant or a household member (or supporter) with their age. */
export type MaterialPerson = { personId: string; personName: string; personType: 'applicant' | 'member' | 'supporter'; age?: number };
export type Slot = {
  id: string | null;
  materialId: string;
  materialsName: string;
  isMustUpload: number;
  personId: string;
  personName: string;
  personType: string;
  materialStatus: string;
  fileUrl: string | null;
  fileName: string | null;
};
export type MaterialsPanelProps = {
  applyId: string;
  /** The step (mat-wf-element) whose materials to show; without one (or when it configures none) the matter's. */
  elementId?: string;
  itemId?: string;
  persons: MaterialPerson[];
  readOnly?: boolean;
};

const labelOf = (options: { value: string | number; label: { zh: string; en: string } }[], v: string, lang: 'zh' | 'en') =>
  options.find((o) => o.value === v)?.label[lang] ?? v;

/**
 * The application's material slots: each material for each person its upload mode names (the
 * server applies upload-mode.ts), one file per slot uploaded through the storage endpoint.
 */
export function MaterialsPanel(p: MaterialsPanelProps) {
  const lang = useLang();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const key = ['demoMaterials', p.applyId, p.elementId, p.itemId, p.persons];
  const slots = useQuery({
    queryKey: key,
    queryFn: () =>
      postData<Slot[]>(`${API}/getCurMaterialsWithFamily`, {
        applyId: p.applyId,
        elementId: p.elementId,
        itemId: p.itemId,
        persons: p.persons,
      }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const slotKey = (s: Slot) => `${s.materialId}-${s.personId}`;

  const save = async (s: Slot, file: File) => {
    setBusy(slotKey(s));
    try {
      const up = await uploadFile(file, true);
      await postData(`${API}/submit`, {
        ...(s.id ? { id: s.id } : {}),
        applyId: p.applyId,
        elementId: p.elementId,
        materialId: s.materialId,
        materialsName: s.materialsName,
        personId: s.personId,
        personName: s.personName,
        personType: s.personType,
        materialStatus: 'received',
        fileUrl: up.link,
        fileName: up.originalName,
      });
      toastSuccess(T.saved[lang]);
      await refresh();
    } finally {
      setBusy(null);
    }
  };
  const remove = async (s: Slot) => {
    await postData(`${API}/deleteByIds`, { ids: s.id });
    toastSuccess(T.removed[lang]);
    await refresh();
  };

  return (
    <Table<Slot>
      data-testid="materials-panel"
      size="small"
      rowKey={slotKey}
      loading={slots.isLoading}
      dataSource={slots.data ?? []}
      pagination={false}
      locale={{ emptyText: T.none[lang] }}
      title={() => T.title[lang]}
      columns={[
        {
          title: T.material[lang],
          dataIndex: 'materialsName',
          render: (v: string, s) => (
            <Space>
              {v}
              {s.isMustUpload === 2 ? <Tag color="red">{T.required[lang]}</Tag> : null}
            </Space>
          ),
        },
        { title: T.person[lang], dataIndex: 'personName', render: (v: string, s) => `${v}（${labelOf(personTypes, s.personType, lang)}）` },
        {
          title: T.status[lang],
          dataIndex: 'materialStatus',
          render: (v: string) => <Tag color={statusColor[v]}>{labelOf(materialStatuses, v, lang)}</Tag>,
        },
        {
          title: T.file[lang],
          dataIndex: 'fileName',
          render: (v: string | null, s) =>
            s.fileUrl ? (
              <a href={s.fileUrl} target="_blank" rel="noreferrer">
                {v || s.fileUrl.split('/').pop()}
              </a>
            ) : null,
        },
        ...(p.readOnly
          ? []
          : [
              {
                title: T.actions[lang],
                key: 'actions',
                render: (_: unknown, s: Slot) => (
                  <Space>
                    <Upload
                      accept={materialFileTypes.map((x) => `.${x}`).join(',')}
                      maxCount={1}
                      showUploadList={false}
                      beforeUpload={(file) => {
                        if (acceptsFile(file, uploadLimits)) return true;
                        toastError(uploadLimits.tip[lang]);
                        return Upload.LIST_IGNORE;
                      }}
                      customRequest={({ file, onSuccess, onError }) => {
                        save(s, file as File)
                          .then(() => onSuccess?.({}))
                          .catch((e: Error) => onError?.(e));
                      }}
                    >
                      <Button size="small" loading={busy === slotKey(s)} data-testid={`material-upload-${slotKey(s)}`}>
                        {s.id ? T.replace[lang] : T.upload[lang]}
                      </Button>
                    </Upload>
                    {s.id ? (
                      <Popconfirm title={T.confirmRemove[lang]} onConfirm={() => remove(s)}>
                        <Button size="small" danger data-testid={`material-remove-${slotKey(s)}`}>
                          {T.remove[lang]}
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </Space>
                ),
              },
            ]),
      ]}
    />
  );
}
