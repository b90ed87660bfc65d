import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Input, List, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang } from '../../i18n/index.ts';
import { labelOf, useShell } from '../layout/shell-context.tsx';
import { openEntry } from '../layout/side-menu.tsx';
import { type MenuItem, searchMenu } from '../menu-model.ts';

/** Leaves whose name (in either language) starts with the text, ignoring case. */
function useMatches(text: string): MenuItem[] {
  const { allItems } = useShell();
  const lang = useLang();
  if (lang === 'zh') return searchMenu(allItems, text);
  const relabel = (items: MenuItem[]): MenuItem[] => items.map((i) => ({ ...i, name: labelOf(i, lang), children: relabel(i.children) }));
  return searchMenu(relabel(allItems), text);
}

/** The top autocomplete. */
export function MenuAutocomplete() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const matches = useMatches(text);
  return (
    <AutoComplete
      className="menu-autocomplete"
      value={text}
      onChange={setText}
      options={matches.map((m) => ({ value: m.id, label: <span data-testid={`search-option-${m.code}`}>{m.name}</span> }))}
      onSelect={(id: string) => {
        const item = matches.find((m) => m.id === id);
        setText('');
        if (item) openEntry(item, (to) => void navigate(to));
      }}
      popupMatchSelectWidth={240}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={t('shell.searchPlaceholder')}
        aria-label={t('shell.searchPlaceholder')}
        data-testid="menu-autocomplete"
        allowClear
      />
    </AutoComplete>
  );
}

/** The menu search overlay (title: menu search; Esc closes). */
export function MenuSearchOverlay() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const matches = useMatches(text);
  return (
    <>
      <Tooltip title={t('shell.menuSearch')}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          onClick={() => setOpen(true)}
          data-testid="btn-menu-search"
          aria-label={t('shell.menuSearch')}
        />
      </Tooltip>
      <Modal
        open={open}
        title={t('shell.menuSearch')}
        footer={null}
        keyboard
        onCancel={() => setOpen(false)}
        afterClose={() => setText('')}
        destroyOnHidden
        data-testid="menu-search"
      >
        <Input
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('shell.searchPlaceholder')}
          aria-label={t('shell.searchPlaceholder')}
          data-testid="menu-search-input"
        />
        <List
          size="small"
          dataSource={matches}
          locale={{ emptyText: text ? t('shell.noMatch') : ' ' }}
          renderItem={(m) => (
            <List.Item>
              <button
                type="button"
                className="menu-search-item"
                data-testid={`menu-search-${m.code}`}
                onClick={() => {
                  setOpen(false);
                  openEntry(m, (to) => void navigate(to));
                }}
              >
                {m.name}
                <span className="menu-search-path">{m.rawPath}</span>
              </button>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
