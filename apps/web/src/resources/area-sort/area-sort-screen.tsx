import '../../i18n/crud-texts.ts';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { permCode, type Resource } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { Button, message, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postData } from '../../api/request.ts';
import { useButtonPermissions } from '../../crud/permissions.ts';

type Area = { id: string; code: string; name: string; hasChildren: boolean; sort: number | null };

/** The list with the row at `i` moved one place up (-1) or down (+1). */
export function moved<T>(rows: T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= rows.length) return rows;
  const out = [...rows];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/**
 * The tenant's own order of regions (`areaSort`): one level at a time (`cusLazyList`, national
 * order until the tenant saves its own), moved up and down and saved as shown (`cusSave`, 1…n).
 * Region pickers and lists that use `area/cusLazyList` follow it.
 */
export function AreaSortScreen({ resource: r }: { resource: Resource }) {
  const { t } = useTranslation();
  const perms = useButtonPermissions();
  const canSave = perms.has(permCode(r, 'edit'));
  const [path, setPath] = useState<Area[]>([]);
  const [order, setOrder] = useState<Area[] | null>(null);
  const parentCode = path.at(-1)?.code ?? '00';
  const level = useQuery({
    queryKey: ['area-sort', parentCode],
    queryFn: () => postData<Area[]>(`${r.api}/cusLazyList`, { parentCode }),
    gcTime: 0,
  });
  const rows = order ?? level.data ?? [];
  const go = (to: Area[]) => {
    setOrder(null);
    setPath(to);
  };
  const save = async () => {
    try {
      await postData(
        `${r.api}/cusSave`,
        rows.map((a, i) => ({ areaId: a.id, sort: i + 1 })),
      );
    } catch {
      return; // the request layer has said why
    }
    message.success(t('sys.common.saved'));
    setOrder(null);
    await level.refetch();
  };

  return (
    <div data-testid="area-sort-screen" style={{ background: '#fff', borderRadius: 8, padding: 16 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('sys.areaSort.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('sys.areaSort.hint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }} data-testid="area-sort-path">
        <Button size="small" type={path.length ? 'link' : 'text'} onClick={() => go([])}>
          {t('sys.areaSort.root')}
        </Button>
        {path.map((a, i) => (
          <Button key={a.id} size="small" type={i === path.length - 1 ? 'text' : 'link'} onClick={() => go(path.slice(0, i + 1))}>
            / {a.name}
          </Button>
        ))}
      </Space>
      <Table<Area>
        rowKey="id"
        size="small"
        loading={level.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 520 }}
        columns={[
          { title: t('sys.areaSort.position'), key: 'position', width: 70, render: (_, _a, i) => i + 1 },
          { title: t('sys.areaSort.name'), dataIndex: 'name' },
          { title: t('sys.areaSort.code'), dataIndex: 'code', width: 160 },
          {
            title: t('crud.actions'),
            key: 'actions',
            width: 220,
            render: (_, a, i) => (
              <Space size={0}>
                {canSave && (
                  <>
                    <Button
                      type="link"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      disabled={i === 0}
                      aria-label={t('sys.areaSort.up')}
                      data-testid={`area-up-${a.code}`}
                      onClick={() => setOrder(moved(rows, i, -1))}
                    />
                    <Button
                      type="link"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      disabled={i === rows.length - 1}
                      aria-label={t('sys.areaSort.down')}
                      data-testid={`area-down-${a.code}`}
                      onClick={() => setOrder(moved(rows, i, 1))}
                    />
                  </>
                )}
                {a.hasChildren && (
                  <Button type="link" size="small" data-testid={`area-open-${a.code}`} onClick={() => go([...path, a])}>
                    {t('sys.areaSort.children')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {canSave && (
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" disabled={!order} onClick={save} data-testid="area-sort-save">
            {t('sys.common.save')}
          </Button>
          <Button disabled={!order} onClick={() => setOrder(null)} data-testid="area-sort-reset">
            {t('sys.areaSort.reset')}
          </Button>
        </Space>
      )}
    </div>
  );
}
