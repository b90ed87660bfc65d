import { formFieldKinds } from '@civdesk/meta';
import { Button, Card, Empty, Space, Tag, Typography } from 'antd';
import type { DragEvent } from 'react';
import type { DraftRow } from './draft.ts';
import { useL } from './texts.ts';

const DATA = 'text/plain';

/** Rows in display order: each group followed by its fields, then fields outside any group. */
export function displayOrder(rows: DraftRow[]): DraftRow[] {
  const groups = rows.filter((r) => r.fieldType === 'group');
  const inGroup = (g: string) => rows.filter((r) => r.fieldType !== 'group' && r.parentName === g);
  const loose = rows.filter((r) => r.fieldType !== 'group' && !groups.some((g) => g.fieldName === r.parentName));
  return [...groups.flatMap((g) => [g, ...inGroup(g.fieldName)]), ...loose];
}

/** The palette: every kind of input, dragged onto the canvas (or clicked to add at the end). */
export function Palette(p: { onAdd: (kind: DraftRow['fieldType']) => void }) {
  const L = useL();
  return (
    <Card size="small" title={L('控件', 'Inputs')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {formFieldKinds.map((k) => (
          <Button
            key={k.value}
            block
            draggable
            data-testid={`palette-${k.value}`}
            onDragStart={(e) => e.dataTransfer.setData(DATA, `add:${k.value}`)}
            onClick={() => p.onAdd(k.value)}
          >
            {L(k.label.zh, k.label.en)}
          </Button>
        ))}
      </Space>
    </Card>
  );
}

/** What a drop means: a new input of a kind, or an existing row moved; `target` is the row dropped on. */
export type DropAction = { kind?: DraftRow['fieldType']; move?: string; target?: string };

/** The canvas: the draft's groups and fields; drop targets for the palette and for reordering. */
export function Canvas(p: { rows: DraftRow[]; selected?: string; onSelect: (key: string) => void; onDrop: (a: DropAction) => void }) {
  const L = useL();
  const drop = (target?: string) => (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const data = e.dataTransfer.getData(DATA);
    if (data.startsWith('add:')) p.onDrop({ kind: data.slice(4) as DraftRow['fieldType'], target });
    else if (data.startsWith('move:')) p.onDrop({ move: data.slice(5), target });
  };
  const kindLabel = (t: string) => {
    const k = formFieldKinds.find((x) => x.value === t);
    return k ? L(k.label.zh, k.label.en) : t;
  };
  return (
    <Card
      size="small"
      title={L('表单画布', 'Canvas')}
      data-testid="designer-canvas"
      onDragOver={(e) => e.preventDefault()}
      onDrop={drop()}
      styles={{ body: { minHeight: 320 } }}
    >
      {p.rows.length === 0 ? <Empty description={L('将左侧控件拖到这里', 'Drag inputs here')} /> : null}
      {displayOrder(p.rows).map((r) => {
        const group = r.fieldType === 'group';
        const nested = !group && p.rows.some((g) => g.fieldType === 'group' && g.fieldName === r.parentName);
        return (
          <button
            type="button"
            key={r.key}
            draggable
            data-testid={`canvas-${r.fieldName}`}
            onDragStart={(e) => e.dataTransfer.setData(DATA, `move:${r.key}`)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={drop(r.key)}
            onClick={() => p.onSelect(r.key)}
            style={{
              display: 'block',
              width: `calc(100% - ${nested ? 24 : 0}px)`,
              textAlign: 'left',
              margin: `4px 0 4px ${nested ? 24 : 0}px`,
              padding: '6px 10px',
              border: `1px ${group ? 'solid' : 'dashed'} ${p.selected === r.key ? '#1677ff' : '#d9d9d9'}`,
              background: group ? '#fafafa' : '#fff',
              cursor: 'move',
            }}
          >
            <Space>
              <Typography.Text strong={group}>{r.fieldLabel}</Typography.Text>
              <Tag>{kindLabel(r.fieldType)}</Tag>
              {r.isRequired ? <Tag color="red">{L('必填', 'Required')}</Tag> : null}
              <Typography.Text type="secondary">{r.fieldName}</Typography.Text>
            </Space>
          </button>
        );
      })}
    </Card>
  );
}
