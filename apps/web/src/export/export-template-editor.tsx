import { exportTemplate, L } from '@civdesk/resources';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, Modal, Select, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { getData, postData } from '../api/request.ts';
import { toastSuccess } from '../api/toast.ts';
import { useLang } from '../i18n/index.ts';

/** What the server offers for one exportable list (`resources`, `cusDetail`). */
export type Offer = {
  name: string;
  label: string;
  personal: boolean;
  columns: { key: string; header: string }[];
  filters: { key: string; label: string; type: string; op: 'like' | 'equal' | 'range' }[];
};
type Col = { key: string; label: string; header: string; on: boolean };
type Detail = { id: string; templateName: string; resourceName: string; columns: string; filters: string | null; remark: string | null };

const T = {
  add: L('新增导出模板', 'New export template'),
  edit: L('修改导出模板', 'Edit export template'),
  name: L('模板名称', 'Name'),
  data: L('导出数据', 'Data'),
  columns: L('导出列', 'Columns'),
  field: L('字段', 'Field'),
  header: L('列标题', 'Header'),
  filters: L('筛选条件', 'Filters'),
  noFilters: L('该数据没有可用的筛选条件', 'This list has no filters'),
  remark: L('备注', 'Note'),
  personal: L('含个人信息：导出文件首行将标注导出人和导出时间', 'Personal data: the file’s first row names who exported it and when'),
  saved: L('保存成功', 'Saved'),
  nameRequired: L('请输入模板名称', 'Enter a name'),
  dataRequired: L('请选择导出数据', 'Choose the data'),
};

const api = exportTemplate.api;
const parse = <V,>(s: string | null | undefined, fallback: V): V => {
  try {
    return s ? (JSON.parse(s) as V) : fallback;
  } catch {
    return fallback;
  }
};

/** The offer's columns as rows to tick: all ticked for a new choice, else the saved ones with their headers. */
const colsOf = (o: Offer | undefined, chosen?: { key: string; header: string }[]): Col[] =>
  (o?.columns ?? []).map((c) => {
    const picked = chosen?.find((x) => x.key === c.key);
    return { key: c.key, label: c.header, header: picked?.header ?? c.header, on: chosen ? Boolean(picked) : true };
  });

/**
 * A template's dialog: the data to export (the lists the caller may read), its listed fields as
 * columns to tick with editable headers, and its search fields as filters. The server checks all
 * of it again (`checkSpec`) and its refusal is shown as the request layer shows any.
 */
export function ExportTemplateEditor({ id, onClose }: { id: string | null | undefined; onClose: (saved: boolean) => void }) {
  const lang = useLang();
  const open = id !== undefined;
  const offers = useQuery({ queryKey: ['exportResources'], queryFn: () => getData<Offer[]>(`${api}/resources`), enabled: open });
  const detail = useQuery({
    queryKey: ['exportTemplate', id],
    queryFn: () => getData<Detail>(`${api}/cusDetail`, { id }),
    enabled: open && Boolean(id),
  });
  const [name, setName] = useState('');
  const [resourceName, setResourceName] = useState<string | undefined>();
  const [cols, setCols] = useState<Col[]>([]);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const offer = useMemo(() => offers.data?.find((o) => o.name === resourceName), [offers.data, resourceName]);

  // A new template starts empty each time the dialog opens (not when the offers arrive).
  useEffect(() => {
    if (!open || id) return;
    setName('');
    setResourceName(undefined);
    setCols([]);
    setFilters({});
    setRemark('');
  }, [open, id]);
  // An existing one is filled once both its row and the offers are there.
  useEffect(() => {
    const d = detail.data;
    if (!open || !id || !d || !offers.data) return;
    setName(d.templateName);
    setResourceName(d.resourceName);
    setCols(
      colsOf(
        offers.data.find((o) => o.name === d.resourceName),
        parse(d.columns, []),
      ),
    );
    setFilters(parse(d.filters, {}));
    setRemark(d.remark ?? '');
  }, [open, id, detail.data, offers.data]);

  const pick = (v: string) => {
    setResourceName(v);
    setCols(colsOf(offers.data?.find((o) => o.name === v)));
    setFilters({});
  };

  const save = async () => {
    const chosen = cols.filter((c) => c.on).map((c) => ({ key: c.key, header: c.header.trim() || c.label }));
    const set = Object.fromEntries(Object.entries(filters).filter(([, v]) => v.trim() !== ''));
    const body = {
      ...(id ? { id } : {}),
      templateName: name,
      resourceName,
      columns: JSON.stringify(chosen),
      filters: Object.keys(set).length ? JSON.stringify(set) : '',
      remark,
    };
    setBusy(true);
    try {
      await postData(`${api}/${id ? 'update' : 'save'}`, body);
    } catch {
      return; // shown by the request layer; the dialog stays open
    } finally {
      setBusy(false);
    }
    toastSuccess(T.saved[lang]);
    onClose(true);
  };

  return (
    <Modal
      open={open}
      title={id ? T.edit[lang] : T.add[lang]}
      width={760}
      onCancel={() => onClose(false)}
      onOk={() => void save()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'export-template-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="export-template-editor">
        <Form.Item label={T.name[lang]} required>
          <Input
            data-testid="export-template-name"
            value={name}
            maxLength={100}
            placeholder={T.nameRequired[lang]}
            onChange={(e) => setName(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={T.data[lang]} required extra={offer?.personal ? T.personal[lang] : undefined}>
          <Select
            data-testid="export-template-data"
            value={resourceName}
            placeholder={T.dataRequired[lang]}
            showSearch
            optionFilterProp="label"
            loading={offers.isLoading}
            options={(offers.data ?? []).map((o) => ({ value: o.name, label: o.label }))}
            onChange={pick}
          />
        </Form.Item>
        {offer ? (
          <>
            <Form.Item label={T.columns[lang]} required>
              <Table<Col>
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={cols}
                scroll={{ y: 260 }}
                columns={[
                  {
                    key: 'on',
                    width: 48,
                    render: (_, c) => (
                      <Checkbox
                        data-testid={`export-col-${c.key}`}
                        checked={c.on}
                        onChange={(e) => setCols((all) => all.map((x) => (x.key === c.key ? { ...x, on: e.target.checked } : x)))}
                      />
                    ),
                  },
                  { title: T.field[lang], dataIndex: 'label', width: 180 },
                  {
                    title: T.header[lang],
                    key: 'header',
                    render: (_, c) => (
                      <Input
                        size="small"
                        data-testid={`export-header-${c.key}`}
                        value={c.header}
                        maxLength={100}
                        disabled={!c.on}
                        onChange={(e) => setCols((all) => all.map((x) => (x.key === c.key ? { ...x, header: e.target.value } : x)))}
                      />
                    ),
                  },
                ]}
              />
            </Form.Item>
            <Form.Item label={T.filters[lang]} extra={offer.filters.some((f) => f.op !== 'range') ? undefined : T.noFilters[lang]}>
              {offer.filters
                .filter((f) => f.op !== 'range')
                .map((f) => (
                  <Input
                    key={f.key}
                    addonBefore={f.label}
                    data-testid={`export-filter-${f.key}`}
                    style={{ marginBottom: 8 }}
                    value={filters[f.key] ?? ''}
                    onChange={(e) => setFilters((all) => ({ ...all, [f.key]: e.target.value }))}
                  />
                ))}
            </Form.Item>
          </>
        ) : null}
        <Form.Item label={T.remark[lang]}>
          <Input.TextArea value={remark} maxLength={500} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
