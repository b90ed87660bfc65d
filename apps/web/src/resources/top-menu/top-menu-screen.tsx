import type { Resource } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { Modal, message, Spin, Tree } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/request.ts';
import type { TreeNode } from '../../crud/crud-api.ts';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { toAntTree } from '../shared/tree-data.ts';

const MENU = '/api/blade-system/menu';

/**
 * Top menus with the menus each one shows (`topmenu/grant`). A bound menu brings the menus beneath
 * it, as the sidebar does (`menu/routes?topMenuId=`): the tree shows a held menu with its children
 * checked, and saves every fully checked menu.
 */
export function TopMenuGrantDialog({ topMenuIds, onClose }: { topMenuIds: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = topMenuIds.join(',');
  const tree = useQuery({
    queryKey: ['grant-top-tree'],
    queryFn: () => getData<{ menu: TreeNode[] }>(`${MENU}/grant-top-tree`),
    gcTime: 0,
  });
  const held = useQuery({
    queryKey: ['top-tree-keys', ids],
    queryFn: () => getData<{ menu: string[] }>(`${MENU}/top-tree-keys`, { topMenuIds: ids }),
    gcTime: 0,
  });
  const data = useMemo(() => toAntTree(tree.data?.menu), [tree.data]);
  const [checked, setChecked] = useState<string[]>();
  const shown = checked ?? held.data?.menu ?? [];
  const ready = Boolean(tree.data && held.data);

  const submit = async () => {
    try {
      await postData('/api/blade-system/topmenu/grant', null, { params: { topMenuIds: ids, menuIds: shown.join(',') } });
    } catch {
      return; // the request layer has said why
    }
    message.success(t('sys.common.done'));
    onClose();
  };

  return (
    <Modal
      open
      width={560}
      title={t('sys.topMenu.grantTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('sys.common.confirm')}
      cancelText={t('sys.common.cancel')}
      okButtonProps={{ 'data-testid': 'dialog-submit', disabled: !ready }}
      wrapProps={{ 'data-testid': 'top-menu-grant-dialog' }}
      destroyOnHidden
    >
      {!ready ? (
        <Spin />
      ) : (
        <div data-testid="top-menu-grant-tree" style={{ maxHeight: 460, overflow: 'auto' }}>
          <Tree
            checkable
            defaultExpandAll
            treeData={data}
            checkedKeys={shown}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
          />
        </div>
      )}
    </Modal>
  );
}

/** Top menus: the generic list plus "assign menus" per row and over the selection. */
export function TopMenuScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<string[] | null>(null);
  const list = useRef<ResourcePageHandle>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        handle={list}
        toolbarActions={[
          { key: 'menu-grant', label: t('sys.topMenu.grant'), perm: 'top-menu_grant', needsSelection: true, onClick: setGranting },
        ]}
        rowActions={[{ key: 'menu-grant', label: t('sys.topMenu.grant'), perm: 'top-menu_grant', onClick: (row) => setGranting([row.id]) }]}
      />
      {granting && <TopMenuGrantDialog topMenuIds={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
