import type { ProColumns } from '@ant-design/pro-components';
import type { Resource } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { Col, Row as Grid, Select, Space, Spin, Tag, Tree, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../../api/session.ts';
import { fetchTree, type Row } from '../../crud/crud-api.ts';
import { ResourcePage, type ResourcePageHandle, type ToolbarAction } from '../../crud/resource-page.tsx';
import type { ExtraRowAction } from '../../crud/row-actions.tsx';
import { useLang } from '../../i18n/index.ts';
import { confirmPost } from '../shared/actions.ts';
import { toAntTree } from '../shared/tree-data.ts';
import { RegistrationAuditDialog } from './registration-audit.tsx';
import { PlatformDialog, SecretDialog, UserRoleDialog } from './user-dialogs.tsx';

const USER = '/api/blade-user';

/** List modes: the usual order, or oldest password change / sign-in first (`page4lastUpwd`). */
type Order = 'default' | 'upwd' | 'login';
const ORDER: Record<Exclude<Order, 'default'>, { param: string; field: 'lastUppasswdTime' | 'lastLoginTime' }> = {
  upwd: { param: 'lastUpwdOrder', field: 'lastUppasswdTime' },
  login: { param: 'lastLoginOrder', field: 'lastLoginTime' },
};

type Open = { kind: 'grant' | 'secret'; ids: string[]; roles?: string[] } | { kind: 'platform'; id: string } | { kind: 'audit' } | null;

/**
 * Users: the department tree on the left filters the users on the right
 * (`/api/blade-user/page?deptId=`, the department and those below it). Besides add/edit/view/delete
 * (not oneself): roles, enable/disable, password reset, unlock, forced sign-out, platform settings,
 * secret level, Excel export and import.
 */
export function UserScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [deptId, setDeptId] = useState<string>();
  const [open, setOpen] = useState<Open>(null);
  const [order, setOrder] = useState<Order>('default');
  const list = useRef<ResourcePageHandle>(null);
  const depts = useQuery({ queryKey: ['dept-tree'], queryFn: () => fetchTree('/api/blade-system/dept') });
  const tree = useMemo(() => toAntTree(depts.data), [depts.data]);
  const me = getUserInfo()?.user_id;
  const reload = () => list.current?.reload();
  const ids = (xs: string[]) => ({ userIds: xs.join(',') });

  const toolbar: ToolbarAction[] = [
    {
      key: 'grant',
      label: t('sys.user.grant'),
      perm: 'user_grant',
      needsSelection: true,
      onClick: (sel) => setOpen({ kind: 'grant', ids: sel }),
    },
    {
      key: 'reset-password',
      label: t('sys.user.reset'),
      perm: 'user_reset',
      needsSelection: true,
      onClick: (sel) => confirmPost(t('sys.user.resetConfirm'), `${USER}/reset-password`, ids(sel), reload),
    },
    {
      key: 'unlock',
      label: t('sys.user.unlock'),
      perm: 'user_unlock',
      needsSelection: true,
      onClick: (sel) => confirmPost(t('sys.user.unlockConfirm'), `${USER}/unlock`, ids(sel), reload),
    },
    {
      key: 'secret',
      label: t('sys.user.secret'),
      perm: 'user_secret',
      needsSelection: true,
      onClick: (sel) => setOpen({ kind: 'secret', ids: sel }),
    },
    {
      key: 'revoke',
      label: t('sys.user.revoke'),
      perm: 'user_revoke',
      needsSelection: true,
      onClick: (sel) => confirmPost(t('sys.user.revokeConfirm'), `${USER}/revocation`, ids(sel), reload),
    },
    { key: 'registration-audit', label: t('sys.audit.registration'), perm: 'user_audit', onClick: () => setOpen({ kind: 'audit' }) },
  ];

  const status = (row: Row, to: 0 | 1) => {
    const action = t(to === 1 ? 'sys.user.enable' : 'sys.user.disable');
    confirmPost(t('sys.user.statusConfirm', { action }), `${USER}/changeStatus`, { ...ids([row.id]), status: String(to) }, reload);
  };

  const rowActions: ExtraRowAction[] = [
    {
      key: 'grant',
      label: t('sys.user.grant'),
      perm: 'user_grant',
      onClick: (row) =>
        setOpen({
          kind: 'grant',
          ids: [row.id],
          roles: String(row.roleId ?? '')
            .split(',')
            .filter(Boolean),
        }),
    },
    {
      key: 'disable',
      label: t('sys.user.disable'),
      perm: 'user_status',
      danger: true,
      hidden: (row) => Number(row.status) !== 1 || row.id === me,
      onClick: (row) => status(row, 0),
    },
    {
      key: 'enable',
      label: t('sys.user.enable'),
      perm: 'user_status',
      hidden: (row) => Number(row.status) === 1,
      onClick: (row) => status(row, 1),
    },
    { key: 'platform', label: t('sys.user.platform'), perm: 'user_platform', onClick: (row) => setOpen({ kind: 'platform', id: row.id }) },
  ];

  const mode = order === 'default' ? undefined : ORDER[order];
  const orderQuery = useMemo(() => mode && { [mode.param]: 'asc' }, [mode]);
  // Names as the server gives them (any tenant's), and whether the account is enabled.
  const infoColumns = useMemo<ProColumns<Row>[]>(
    () => [
      { title: t('sys.user.roles'), dataIndex: 'roleName', key: 'roleName', search: false },
      { title: t('sys.user.deptNames'), dataIndex: 'deptName', key: 'deptName', search: false },
      {
        title: t('sys.user.status'),
        dataIndex: 'status',
        key: 'status',
        search: false,
        render: (_, row) =>
          Number(row.status) === 1 ? (
            <Tag color="green" data-testid={`status-${row.id}`}>
              {t('sys.user.enabled')}
            </Tag>
          ) : (
            <Tag color="red" data-testid={`status-${row.id}`}>
              {t('sys.user.disabled')}
            </Tag>
          ),
      },
    ],
    [t],
  );
  const orderColumns = useMemo<ProColumns<Row>[]>(
    () =>
      mode
        ? [
            ...infoColumns,
            {
              title: resource.allFields[mode.field].label[lang],
              dataIndex: mode.field,
              key: mode.field,
              search: false,
              render: (_, row) => <span data-testid={`order-time-${row.id}`}>{String(row[mode.field] ?? '') || '-'}</span>,
            },
          ]
        : infoColumns,
    [mode, resource, lang, infoColumns],
  );
  const title = (
    <Space>
      {resource.label[lang]}
      <Select<Order>
        data-testid="user-order"
        size="small"
        style={{ width: 190 }}
        value={order}
        onChange={setOrder}
        options={[
          { value: 'default', label: t('sys.user.orderDefault') },
          { value: 'upwd', label: t('sys.user.orderUpwd') },
          { value: 'login', label: t('sys.user.orderLogin') },
        ]}
      />
    </Space>
  );

  return (
    <Grid gutter={12} wrap={false} data-testid="user-screen">
      <Col flex="260px">
        {/* Not antd Card: it brings antd Tabs into the list's chunk. */}
        <div style={{ background: 'var(--shell-surface)', borderRadius: 8, padding: 8 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('sys.user.depts')}
          </Typography.Title>
          {depts.isLoading ? (
            <Spin />
          ) : (
            <div data-testid="dept-tree">
              <Tree
                blockNode
                defaultExpandAll
                treeData={[{ key: '', title: t('sys.user.allDepts'), children: tree }]}
                selectedKeys={[deptId ?? '']}
                onSelect={(keys) => setDeptId(keys.length && keys[0] !== '' ? String(keys[0]) : undefined)}
              />
            </div>
          )}
        </div>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ResourcePage
          resource={resource}
          handle={list}
          title={title}
          fixedQuery={deptId ? { deptId } : undefined}
          listQuery={orderQuery}
          extraColumns={orderColumns}
          endpoints={{
            page: mode ? `${USER}/page4lastUpwd` : `${USER}/page`,
            detail: `${USER}/detail`,
            create: `${USER}/submit`,
            update: `${USER}/update`,
            remove: `${USER}/remove`,
          }}
          can={{ view: true, add: true, edit: true, delete: true }}
          defaults={deptId ? { deptId } : undefined}
          undeletable={(row) => row.id === me}
          toolbarActions={toolbar}
          rowActions={rowActions}
        />
      </Col>

      {open?.kind === 'grant' && <UserRoleDialog userIds={open.ids} initial={open.roles} onClose={() => setOpen(null)} onDone={reload} />}
      {open?.kind === 'secret' && <SecretDialog userIds={open.ids} onClose={() => setOpen(null)} onDone={reload} />}
      {open?.kind === 'audit' && (
        <RegistrationAuditDialog
          resource={resource}
          onClose={() => {
            setOpen(null);
            reload();
          }}
        />
      )}
      {open?.kind === 'platform' && <PlatformDialog userId={open.id} onClose={() => setOpen(null)} onDone={reload} />}
    </Grid>
  );
}
