import { useQuery } from '@tanstack/react-query';
import { message, Radio, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../api/request.ts';
import { fetchList, rowsOf, type TreeNode } from '../../crud/crud-api.ts';
import { ActionDialog } from '../shared/action-dialog.tsx';
import { type AntNode, allKeys, parentKeys, toAntTree } from '../shared/tree-data.ts';

type GrantTree = { menu: TreeNode[]; dataScope: TreeNode[]; apiScope: TreeNode[] };
type HeldKeys = { menu: string[]; dataScope: string[]; apiScope: string[]; topMenu: string[] };

type Tab = 'menu' | 'dataScope' | 'apiScope' | 'topMenu';

/**
 * Leaves of a scope tree are scopes, the nodes above them their menus: only scope ids are granted.
 * For the menu tree every checked or half-checked node is granted (a menu with some of its buttons).
 */
const leafKeys = (nodes: AntNode[]) => {
  const parents = parentKeys(nodes);
  return new Set(allKeys(nodes).filter((k) => !parents.has(k)));
};

/**
 * One dialog granting roles menus, data scopes, API scopes and top menus (`role/grant`; trees from
 * `menu/grant-tree`, held keys from `menu/role-tree-keys`). Checked parents are derived by the tree
 * from their children, so held keys are shown by their leaves.
 */
export function RoleGrantDialog({ roleIds, onClose, onDone }: { roleIds: string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const trees = useQuery({
    queryKey: ['grant-tree'],
    queryFn: () => getData<GrantTree>('/api/blade-system/menu/grant-tree'),
    gcTime: 0,
  });
  const tops = useQuery({
    queryKey: ['top-menus-for-grant'],
    queryFn: async () => rowsOf(await fetchList('/api/blade-system/topmenu', { size: 1000 })),
    gcTime: 0,
  });
  const held = useQuery({
    queryKey: ['role-tree-keys', roleIds.join(',')],
    queryFn: () => getData<HeldKeys>('/api/blade-system/menu/role-tree-keys', { roleIds: roleIds.join(',') }),
    gcTime: 0,
  });
  const data = useMemo(
    () => ({
      menu: toAntTree(trees.data?.menu),
      dataScope: toAntTree(trees.data?.dataScope),
      apiScope: toAntTree(trees.data?.apiScope),
      topMenu: (tops.data ?? []).map((r) => ({ key: String(r.id), title: String(r.name ?? r.code ?? r.id) })),
    }),
    [trees.data, tops.data],
  );
  const [checked, setChecked] = useState<Partial<Record<Tab, string[]>>>({});
  const [half, setHalf] = useState<string[]>([]);
  const [tab, setTab] = useState<Tab>('menu');
  const ready = trees.data && held.data && tops.data;

  // Until the user changes a tab, it shows what the roles hold (leaves only, see above).
  const shown = (tab: Tab): string[] => {
    if (checked[tab]) return checked[tab];
    const keys = held.data?.[tab] ?? [];
    if (tab === 'topMenu') return keys;
    const leaves = leafKeys(data[tab]);
    return keys.filter((k) => leaves.has(k));
  };
  const initialHalf = () => {
    const shownMenus = new Set(shown('menu'));
    return (held.data?.menu ?? []).filter((k) => !shownMenus.has(k));
  };

  const submit = async () => {
    const menus = [...shown('menu'), ...(checked.menu ? half : initialHalf())];
    const scopes = (tab: 'dataScope' | 'apiScope') => {
      const leaves = leafKeys(data[tab]);
      return shown(tab).filter((k) => leaves.has(k));
    };
    try {
      await postData('/api/blade-system/role/grant', {
        roleIds: roleIds.join(','),
        menuIds: [...new Set(menus)].join(','),
        dataScopeIds: scopes('dataScope').join(','),
        apiScopeIds: scopes('apiScope').join(','),
        topMenuIds: shown('topMenu').join(','),
      });
    } catch {
      return;
    }
    message.success(t('sys.common.done'));
    onDone();
    onClose();
  };

  const tree = (tab: Tab) => (
    <div data-testid={`grant-tree-${tab}`} style={{ maxHeight: 420, overflow: 'auto' }}>
      <Tree
        // One tree per tab: each opens fully expanded, not with the expanded keys of the tab before.
        key={tab}
        checkable
        defaultExpandAll
        treeData={data[tab]}
        checkedKeys={shown(tab)}
        onCheck={(keys, info) => {
          const list = (Array.isArray(keys) ? keys : keys.checked).map(String);
          setChecked((c) => ({ ...c, [tab]: list }));
          if (tab === 'menu') setHalf((info.halfCheckedKeys ?? []).map(String));
        }}
      />
    </div>
  );

  return (
    <ActionDialog width={640} title={t('sys.role.grantTitle')} testId="role-grant-dialog" loading={!ready} onOk={submit} onClose={onClose}>
      {/* Buttons rather than antd Tabs: Tabs sits in an on-demand chunk and would join the list's. */}
      <Radio.Group
        optionType="button"
        value={tab}
        onChange={(e) => setTab(e.target.value)}
        style={{ marginBottom: 12 }}
        options={[
          { value: 'menu', label: <span data-testid="grant-tab-menu">{t('sys.role.menus')}</span> },
          { value: 'dataScope', label: <span data-testid="grant-tab-dataScope">{t('sys.role.dataScopes')}</span> },
          { value: 'apiScope', label: <span data-testid="grant-tab-apiScope">{t('sys.role.apiScopes')}</span> },
          { value: 'topMenu', label: <span data-testid="grant-tab-topMenu">{t('sys.role.topMenus')}</span> },
        ]}
      />
      {tree(tab)}
    </ActionDialog>
  );
}
