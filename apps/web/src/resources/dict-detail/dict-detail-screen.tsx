import type { Resource } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { Col, Row as Grid, Spin, Tree, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getData } from '../../api/request.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';

type TypeNode = { id: string; title: string; dictType: string; children?: TypeNode[] };
type AntType = { key: string; title: string; code: string; children?: AntType[] };

const toAnt = (nodes: TypeNode[] = []): AntType[] =>
  nodes.map((n) => ({ key: String(n.id), title: n.title, code: n.dictType, children: n.children?.length ? toAnt(n.children) : undefined }));

/**
 * Dictionary entries beside the dictionary-type tree (`dwSysDictType/cusTree`): choosing a type
 * lists its entries (dictType_equal) and starts new entries in it.
 */
export function DictDetailScreen({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [type, setType] = useState<{ code: string; title: string }>();
  const types = useQuery({ queryKey: ['dict-type-tree'], queryFn: () => getData<TypeNode[]>('/api/blade-system/dwSysDictType/cusTree') });
  return (
    <Grid gutter={12} wrap={false}>
      <Col flex="260px">
        <div style={{ background: '#fff', borderRadius: 8, padding: 8 }} data-testid="dict-type-tree">
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('sys.dict.types')}
          </Typography.Title>
          {types.isLoading ? (
            <Spin />
          ) : (
            <Tree<AntType>
              blockNode
              defaultExpandAll
              treeData={[{ key: '', title: t('sys.common.all'), code: '', children: toAnt(types.data ?? []) }]}
              selectedKeys={[type ? type.code : '']}
              fieldNames={{ key: 'code' }}
              onSelect={(_keys, info) => setType(info.node.code ? { code: info.node.code, title: info.node.title } : undefined)}
            />
          )}
        </div>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ResourcePage
          resource={resource}
          title={type ? `${resource.label[lang]} · ${type.title}` : undefined}
          fixedQuery={type ? { dictType_equal: type.code } : undefined}
          defaults={type ? { dictType: type.code } : undefined}
        />
      </Col>
    </Grid>
  );
}
