import { permCode, type Resource } from '@civdesk/meta';
import { EXPORT_DONE, EXPORT_FAILED, EXPORT_QUEUED, EXPORT_RUNNING, exportStatusOptions } from '@civdesk/resources';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Progress, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../api/download.ts';
import { postData } from '../api/request.ts';
import { toastSuccess } from '../api/toast.ts';
import { useButtonPermissions } from '../crud/permissions.ts';
import { useLang } from '../i18n/index.ts';
import { T } from './export-texts.ts';

export type ExportFileRow = {
  id: string;
  fileName: string;
  exportStatus: number;
  progress: number;
  total: number;
  errorMsg: string | null;
  createTime: string;
  finishTime: string | null;
};
type PageOf<R> = { records: R[]; total: number };

/** How often the list asks again while an export of the page is queued or running. */
export const POLL_MS = 2000;

const percentOf = (r: ExportFileRow) =>
  r.exportStatus === EXPORT_DONE ? 100 : r.total > 0 ? Math.min(99, Math.floor((r.progress * 100) / r.total)) : 0;
const barStatus = (r: ExportFileRow) =>
  r.exportStatus === EXPORT_FAILED ? 'exception' : r.exportStatus === EXPORT_DONE ? 'success' : 'active';

/**
 * 我的导出: the caller's export files (myPage), each with a progress bar that moves while its job
 * runs (the list polls only while one of its rows is queued or running), a download link once done,
 * and delete (which also stops a running job).
 */
export function MyExportsScreen({ resource }: { resource: Resource }) {
  const lang = useLang();
  const perms = useButtonPermissions();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const key = ['exportFiles', paging];
  const files = useQuery({
    queryKey: key,
    queryFn: () => postData<PageOf<ExportFileRow>>(`${resource.api}/myPage`, paging),
    refetchInterval: (q) =>
      (q.state.data?.records ?? []).some((r) => r.exportStatus === EXPORT_QUEUED || r.exportStatus === EXPORT_RUNNING) ? POLL_MS : false,
  });
  const reload = () => client.invalidateQueries({ queryKey: ['exportFiles'] });
  const remove = async (id: string) => {
    try {
      await postData(`${resource.api}/remove`, null, { params: { ids: id } });
    } catch {
      return;
    }
    toastSuccess(T.removed[lang]);
    await reload();
  };
  const statusLabel = (v: number) => exportStatusOptions.find((o) => o.value === v)?.label[lang] ?? String(v);

  return (
    <Card title={resource.label[lang]} extra={<Button onClick={() => void reload()}>{T.refresh[lang]}</Button>}>
      <Table<ExportFileRow>
        data-testid="my-exports"
        rowKey="id"
        size="middle"
        loading={files.isLoading}
        dataSource={files.data?.records ?? []}
        locale={{ emptyText: T.none[lang] }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: files.data?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        columns={[
          { title: T.fileName[lang], dataIndex: 'fileName' },
          {
            title: T.status[lang],
            dataIndex: 'exportStatus',
            width: 100,
            render: (v: number, r) =>
              r.errorMsg ? (
                <Tooltip title={r.errorMsg}>
                  <span>{statusLabel(v)}</span>
                </Tooltip>
              ) : (
                statusLabel(v)
              ),
          },
          {
            title: T.progress[lang],
            key: 'progress',
            width: 220,
            render: (_, r) => (
              <Progress data-testid={`export-progress-${r.id}`} percent={percentOf(r)} status={barStatus(r)} size="small" />
            ),
          },
          { title: T.rows[lang], key: 'rows', width: 120, render: (_, r) => `${r.progress} / ${r.total}` },
          { title: T.createTime[lang], dataIndex: 'createTime', width: 170 },
          { title: T.finishTime[lang], dataIndex: 'finishTime', width: 170 },
          {
            title: T.actions[lang],
            key: 'actions',
            width: 140,
            render: (_, r) => (
              <Space>
                {r.exportStatus === EXPORT_DONE ? (
                  <Button
                    type="link"
                    size="small"
                    data-testid={`export-download-${r.id}`}
                    onClick={() => void downloadFile(`${resource.api}/doDownLoad`, { id: r.id }, r.fileName)}
                  >
                    {T.download[lang]}
                  </Button>
                ) : null}
                {perms.has(permCode(resource, 'delete')) ? (
                  <Popconfirm title={T.confirmRemove[lang]} onConfirm={() => remove(r.id)}>
                    <Button type="link" size="small" danger>
                      {T.remove[lang]}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
