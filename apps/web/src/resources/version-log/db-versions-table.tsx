import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/request.ts';
import type { PageData } from '../../crud/crud-api.ts';

type DbVersion = { version: string; name: string; checksum: string; appliedTime: string };

/**
 * The database versions: the migrations applied to this database (`dbversions/list`, from the
 * migration table), newest first. Beneath the version log, and on a page of its own.
 */
export function DbVersionsTable() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const versions = useQuery({
    queryKey: ['dbversions', paging],
    queryFn: () => getData<PageData<DbVersion>>('/api/blade-upgrade/dbversions/list', paging),
  });
  return (
    <div data-testid="db-versions" style={{ background: '#fff', borderRadius: 8, padding: 16 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('sys.dbVersions.title')}
      </Typography.Title>
      <Table<DbVersion>
        rowKey="version"
        size="small"
        loading={versions.isLoading}
        dataSource={versions.data?.records ?? []}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: versions.data?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        columns={[
          { title: t('sys.dbVersions.version'), dataIndex: 'version', width: 120 },
          { title: t('sys.dbVersions.name'), dataIndex: 'name' },
          { title: t('sys.dbVersions.checksum'), dataIndex: 'checksum', width: 200 },
          { title: t('sys.dbVersions.appliedTime'), dataIndex: 'appliedTime', width: 200 },
        ]}
      />
    </div>
  );
}
