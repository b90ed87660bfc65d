import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getThemeName, onThemeChange, setTheme } from '../../app/theme.ts';
import { looks, THEME_NAMES, type ThemeName } from './themes.ts';

/** The eleven built-in themes. */
export function ThemePicker() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(onThemeChange, getThemeName);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [current],
        items: THEME_NAMES.map((name) => ({
          key: name,
          label: (
            <span className="theme-option" data-testid={`theme-${name}`}>
              <span className="theme-swatch" style={{ background: looks[name].primary, borderColor: looks[name].sider }} />
              {t(`shell.theme.names.${name}`)}
              {name === current && <CheckOutlined />}
            </span>
          ),
        })),
        onClick: ({ key }) => setTheme(key, looks[key as ThemeName]),
      }}
    >
      <Tooltip title={t('shell.theme.button')}>
        <Button type="text" icon={<BgColorsOutlined />} data-testid="btn-theme" aria-label={t('shell.theme.button')} />
      </Tooltip>
    </Dropdown>
  );
}
