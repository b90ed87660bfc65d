import { AppstoreOutlined, FolderOutlined } from '@ant-design/icons';
import { MENU_ICONS } from '../../icons/menu-icons.ts';

/** The names this console can draw. */
export const knownMenuIcons: ReadonlySet<string> = new Set(Object.keys(MENU_ICONS));

/** A menu entry's icon: its own when known, else a folder for a group and a tile for a screen. */
export function MenuIcon({ name, group }: { name?: string; group?: boolean }) {
  const Icon = (name && MENU_ICONS[name]) || (group ? FolderOutlined : AppstoreOutlined);
  return <Icon />;
}
