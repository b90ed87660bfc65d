import { Grid } from 'antd';
import { AiButton } from './ai-button.tsx';
import { FullscreenButton } from './fullscreen-button.tsx';
import { LockButton } from './lock-button.tsx';
import { LogViewer } from './log-viewer.tsx';
import { MenuAutocomplete, MenuSearchOverlay } from './menu-search.tsx';
import { NoticesBell } from './notices-bell.tsx';
import { ThemePicker } from './theme-picker.tsx';

/** The top bar's tools, one chunk loaded right after the frame (the first page does not wait for them). */
export function TopBarTools() {
  const screens = Grid.useBreakpoint();
  return (
    <>
      {screens.lg !== false && <MenuAutocomplete />}
      <MenuSearchOverlay />
      <LogViewer />
      <LockButton />
      <ThemePicker />
      <NoticesBell />
      <FullscreenButton />
      <AiButton />
    </>
  );
}
