import type { Label, Resource } from '@civdesk/meta';
import {
  L,
  matIntAddress,
  matIntCondition,
  matIntFlowChart,
  matIntLaws,
  matIntProcedures,
  matIntRegionMapping,
  matIntServiceInfo,
} from '@civdesk/resources';
import { Button, Radio, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { Row } from '../../crud/crud-api.ts';
import { ResourcePage } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';

/** The parts of a matter's guide, each a list of rows keyed by itemId. */
const parts: { resource: Resource; label: Label }[] = [
  { resource: matIntServiceInfo, label: L('服务指南', 'Guide') },
  { resource: matIntCondition, label: L('受理条件', 'Conditions') },
  { resource: matIntAddress, label: L('办理地点', 'Addresses') },
  { resource: matIntLaws, label: L('设定依据', 'Legal basis') },
  { resource: matIntProcedures, label: L('办理流程', 'Procedure') },
  { resource: matIntRegionMapping, label: L('区划映射', 'Regions') },
  { resource: matIntFlowChart, label: L('流程图', 'Flow chart') },
];

/**
 * One matter's guide, conditions, addresses, laws, procedures, region mapping and flow chart: the
 * part chosen above is its own list, narrowed to the matter; a new row starts with the matter chosen
 * (the field stays shown: the form sends only the fields it shows).
 */
export function ItemParts({ item, onClose }: { item: Row; onClose: () => void }) {
  const lang = useLang();
  const [name, setName] = useState(parts[0].resource.name);
  const part = parts.find((p) => p.resource.name === name) ?? parts[0];
  const query = useMemo(() => ({ itemId: item.id }), [item.id]);
  return (
    <div data-testid="matter-parts" style={{ background: 'var(--shell-surface)', borderRadius: 8, padding: 12, marginTop: 12 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {L('事项配置', 'Matter configuration')[lang]} · {String(item.itemName)}
        </Typography.Title>
        <Button size="small" onClick={onClose} data-testid="matter-parts-close">
          {L('关闭', 'Close')[lang]}
        </Button>
      </Space>
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={name}
        onChange={(e) => setName(e.target.value)}
        options={parts.map((p) => ({ value: p.resource.name, label: p.label[lang] }))}
        data-testid="matter-part-switch"
        style={{ marginBottom: 8 }}
      />
      <ResourcePage
        key={`${item.id}-${part.resource.name}`}
        resource={part.resource}
        testId={`matter-part-${part.resource.name}`}
        title={part.label[lang]}
        fixedQuery={query}
        defaults={query}
        rowActions={[]}
      />
    </div>
  );
}
