import { useQuery } from '@tanstack/react-query';
import { message, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/request.ts';
import type { TreeNode } from '../../crud/crud-api.ts';
import { ActionDialog } from './action-dialog.tsx';
import { toAntTree } from './tree-data.ts';

type Props = {
  title: string;
  /** Test ids `<testId>-dialog` and `<testId>-tree`. */
  testId: string;
  /** Cache key of what is held now (fetched afresh each time the dialog opens). */
  heldKey: unknown[];
  loadHeld: () => Promise<string[]>;
  /** Saves the fully checked menus; a refusal has been shown by the request layer. */
  save: (menuIds: string[]) => Promise<unknown>;
  onClose: () => void;
};

/**
 * The menu tree (`menu/grant-top-tree`) with checkboxes, for whatever holds a set of menus (top
 * menus, domain systems). A held menu shows its children checked, as the sidebar shows them
 * beneath it; saving sends every fully checked menu.
 */
export function MenuCheckDialog({ title, testId, heldKey, loadHeld, save, onClose }: Props) {
  const { t } = useTranslation();
  const tree = useQuery({
    queryKey: ['grant-top-tree'],
    queryFn: () => getData<{ menu: TreeNode[] }>('/api/blade-system/menu/grant-top-tree'),
    gcTime: 0,
  });
  const held = useQuery({ queryKey: heldKey, queryFn: loadHeld, gcTime: 0 });
  const data = useMemo(() => toAntTree(tree.data?.menu), [tree.data]);
  const [checked, setChecked] = useState<string[]>();
  const shown = checked ?? held.data ?? [];
  const ready = Boolean(tree.data && held.data);

  const submit = async () => {
    try {
      await save(shown);
    } catch {
      return; // the request layer has said why
    }
    message.success(t('sys.common.done'));
    onClose();
  };

  return (
    <ActionDialog width={560} title={title} testId={`${testId}-dialog`} loading={!ready} onOk={submit} onClose={onClose}>
      <div data-testid={`${testId}-tree`} style={{ maxHeight: 460, overflow: 'auto' }}>
        <Tree
          checkable
          defaultExpandAll
          treeData={data}
          checkedKeys={shown}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      </div>
    </ActionDialog>
  );
}
