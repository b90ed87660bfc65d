import { L, versionLog } from '@civdesk/resources';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table } from 'antd';
import { useState } from 'react';
import { ResourcePage } from '../crud/resource-page.tsx';
import { useLang } from '../i18n/index.ts';
import { type UpgradeRecord, upgradeRecord } from './api.ts';

const statusLabels = {
  pending: L('待部署', 'Pending'),
  running: L('升级中', 'Running'),
  done: L('已完成', 'Done'),
};

/**
 * The server's upgrades, read only: each deployment from the version log and, per row, its record
 * (`upgrade/{v}`): what it replaced and the database migrations it applied.
 */
export function UpgradeRecordPage() {
  const lang = useLang();
  const [open, setOpen] = useState<string>();
  const record = useQuery({ queryKey: ['upgrade', 'record', open], queryFn: () => upgradeRecord(open ?? ''), enabled: Boolean(open) });
  const r = record.data;
  return (
    <>
      <ResourcePage
        resource={versionLog}
        testId="upgrade-records"
        title={L('升级记录', 'Upgrade records')[lang]}
        rowActions={[{ key: 'upgrade-detail', label: L('升级详情', 'Details')[lang], onClick: (row) => setOpen(String(row.version)) }]}
      />
      <Drawer
        open={Boolean(open)}
        onClose={() => setOpen(undefined)}
        width={640}
        title={L(`版本 ${open ?? ''} 升级详情`, `Upgrade to ${open ?? ''}`)[lang]}
        loading={record.isLoading}
      >
        {r && (
          <div data-testid="upgrade-record">
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={L('版本号', 'Version')[lang]}>{r.version}</Descriptions.Item>
              <Descriptions.Item label={L('原版本号', 'Previous version')[lang]}>{r.oldVersion || '-'}</Descriptions.Item>
              <Descriptions.Item label={L('部署时间', 'Deployed at')[lang]}>{r.deployTime}</Descriptions.Item>
              <Descriptions.Item label={L('状态', 'Status')[lang]}>{statusLabels[r.status][lang]}</Descriptions.Item>
            </Descriptions>
            <Table<UpgradeRecord['migrations'][number]>
              style={{ marginTop: 16 }}
              rowKey="version"
              size="small"
              pagination={false}
              dataSource={r.migrations}
              locale={{ emptyText: L('本次升级没有数据库脚本', 'No database migrations in this upgrade')[lang] }}
              columns={[
                { title: L('脚本版本', 'Migration')[lang], dataIndex: 'version', width: 100 },
                { title: L('脚本名称', 'Name')[lang], dataIndex: 'name' },
                { title: L('执行时间', 'Applied at')[lang], dataIndex: 'appliedTime', width: 180 },
              ]}
            />
          </div>
        )}
      </Drawer>
    </>
  );
}
