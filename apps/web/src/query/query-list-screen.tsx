import { permCode, type Resource } from '@civdesk/meta';
import { bmsQueryCondition, bmsQueryTabDetail, L, queryRunScreen } from '@civdesk/resources';
import { Drawer, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ResourcePage } from '../crud/resource-page.tsx';
import { useLang } from '../i18n/index.ts';

/** A query's conditions and result columns, each the generic list bound to the query. */
function QueryParts({ id, name, onClose }: { id: string; name: string; onClose: () => void }) {
  const lang = useLang();
  return (
    <Drawer open title={name} width="70%" onClose={onClose} destroyOnHidden>
      <Tabs
        items={[
          {
            key: 'conditions',
            label: L('查询条件', 'Conditions')[lang],
            children: (
              <ResourcePage
                resource={bmsQueryCondition}
                fixedQuery={{ queryId_equal: id }}
                defaults={{ queryId: id }}
                hiddenFields={['queryId']}
                testId="query-conditions-list"
              />
            ),
          },
          {
            key: 'columns',
            label: L('结果列', 'Result columns')[lang],
            children: (
              <ResourcePage
                resource={bmsQueryTabDetail}
                fixedQuery={{ queryId_equal: id }}
                defaults={{ queryId: id }}
                hiddenFields={['queryId']}
                testId="query-columns-list"
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}

/** Custom queries: the generic list plus, per row, its conditions and columns, and running it. */
export function QueryListScreen({ resource }: { resource: Resource }) {
  const lang = useLang();
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <ResourcePage
        resource={resource}
        rowActions={[
          {
            key: 'parts',
            label: L('条件与列', 'Conditions and columns')[lang],
            perm: permCode(bmsQueryCondition, 'view'),
            onClick: (row) => setOpen({ id: String(row.id), name: String(row.customName ?? '') }),
          },
          {
            key: 'run',
            label: L('执行', 'Run')[lang],
            perm: permCode(resource, 'run'),
            onClick: (row) => navigate(`${queryRunScreen.menu.path}?id=${encodeURIComponent(String(row.id))}`),
          },
        ]}
      />
      {open && <QueryParts id={open.id} name={open.name} onClose={() => setOpen(null)} />}
    </>
  );
}
