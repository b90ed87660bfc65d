import { permCode, type Resource } from '@civdesk/meta';
import { Col, type ColProps, Empty, Row as Grid } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';

/**
 * The parent list's view of a dictionary resource: its root rows as a flat, paged list
 * (`parent-list`). A root's key is always -1, so it is no column; its parent is always the root.
 */
export function parentView(r: Resource): Resource {
  const dictKey = { ...r.fields.dictKey, list: false };
  return { ...r, tree: undefined, fields: { ...r.fields, dictKey }, allFields: { ...r.allFields, dictKey } };
}

/**
 * How the two panes sit: `auto` beside each other on wide screens and stacked on narrower ones,
 * `horizontal` always beside (dictionaries left), `vertical` always stacked (dictionaries above).
 */
export type DictLayout = 'auto' | 'horizontal' | 'vertical';

const spans: Record<DictLayout, [ColProps, ColProps]> = {
  auto: [
    { xs: 24, xxl: 11 },
    { xs: 24, xxl: 13 },
  ],
  horizontal: [{ span: 10 }, { span: 14 }],
  vertical: [{ span: 24 }, { span: 24 }],
};

/**
 * System and business dictionaries in two panes: the dictionaries beside (or above)
 * the entries of the chosen one as a tree (`child-list`). New entries start under
 * the chosen dictionary with its code; the server keeps every entry on its root's code.
 */
export function DictScreen({ resource: r, layout = 'auto' }: { resource: Resource; layout?: DictLayout }) {
  const { t } = useTranslation();
  const lang = useLang();
  const parents = useMemo(() => parentView(r), [r]);
  const [root, setRoot] = useState<Row>();
  const choose = (row: Row) => setRoot(row);
  // The entries open where the eye is: below the list on narrower screens, so scrolled to and marked a moment.
  const entries = useRef<HTMLDivElement>(null);
  const [marked, setMarked] = useState(false);
  useEffect(() => {
    if (!root) return;
    entries.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    setMarked(true);
    const done = setTimeout(() => setMarked(false), 1500);
    return () => clearTimeout(done);
  }, [root]);
  const childQuery = useMemo(() => (root ? { parentId: root.id } : undefined), [root]);
  return (
    <Grid gutter={[12, 12]} data-testid={`dict-layout-${layout}`}>
      <Col {...spans[layout][0]}>
        <ResourcePage
          resource={parents}
          endpoints={{ page: `${r.api}/parent-list` }}
          defaults={{ parentId: '0' }}
          hiddenFields={['parentId', 'dictKey']}
          rowActions={[{ key: 'dict-config', label: t('sys.dict.config'), perm: permCode(r, 'view'), onClick: choose }]}
        />
      </Col>
      <Col {...spans[layout][1]}>
        <div
          ref={entries}
          data-testid={`dict-entries-${r.name}`}
          data-marked={marked ? 'true' : undefined}
          style={{ borderRadius: 8, outline: marked ? '2px solid #1677ff' : 'none', outlineOffset: 2, transition: 'outline-color .3s' }}
        >
          {root ? (
            <ResourcePage
              key={root.id}
              resource={r}
              testId={`resource-page-${r.name}-entries`}
              title={`${t('sys.dict.config')} · ${String(root.dictValue)} (${String(root.code)})`}
              endpoints={{ list: `${r.api}/child-list` }}
              fixedQuery={childQuery}
              defaults={{ parentId: root.id, code: root.code }}
            />
          ) : (
            <div style={{ background: '#fff', borderRadius: 8, padding: 48 }} data-testid={`dict-entries-empty-${r.name}`}>
              <Empty description={t('sys.dict.choose', { name: r.label[lang] })} />
            </div>
          )}
        </div>
      </Col>
    </Grid>
  );
}
