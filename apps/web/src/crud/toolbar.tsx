import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { ReactNode } from 'react';

/** One toolbar action, drawn as a button or, past the first few, as an entry of 更多. */
export type ToolItem = { key: string; label: string; icon?: ReactNode; primary?: boolean; danger?: boolean; onClick: () => void };

/** Buttons shown before the rest fold into 更多: a card beside a tree at 1440 px holds four and its title. */
export const INLINE_TOOLS = 4;

/**
 * The list's toolbar: the first actions as buttons, the others in a 更多 dropdown so a toolbar never
 * runs off the card or squeezes its title. Every action keeps its test id (`btn-<key>`), in the
 * dropdown too.
 */
export function toolbarButtons(items: ToolItem[], more: string, inline = INLINE_TOOLS): ReactNode[] {
  const fold = items.length > inline + 1; // one extra button is better shown than folded alone
  const shown = fold ? items.slice(0, inline) : items;
  const rest = fold ? items.slice(inline) : [];
  const buttons = shown.map((x) => (
    <Button
      key={x.key}
      type={x.primary ? 'primary' : 'default'}
      danger={x.danger}
      icon={x.icon}
      data-testid={`btn-${x.key}`}
      onClick={x.onClick}
    >
      {x.label}
    </Button>
  ));
  if (!rest.length) return buttons;
  const menu = {
    items: rest.map((x) => ({ key: x.key, danger: x.danger, icon: x.icon, label: <span data-testid={`btn-${x.key}`}>{x.label}</span> })),
    onClick: ({ key }: { key: string }) => rest.find((x) => x.key === key)?.onClick(),
  };
  return [
    ...buttons,
    <Dropdown key="more" menu={menu} trigger={['click']}>
      <Button data-testid="btn-more">
        {more} <DownOutlined />
      </Button>
    </Dropdown>,
  ];
}
