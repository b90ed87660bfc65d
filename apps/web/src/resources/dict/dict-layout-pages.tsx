import { dict } from '@civdesk/resources';
import { DictScreen } from './dict-screen.tsx';

// The system dictionary's screen in fixed layouts, at the addresses the menu gives them: the same
// screen, calls and buttons as /system/dict, only the panes arranged otherwise.

/** Dictionaries on the left, the chosen one's entries on the right, whatever the screen's width. */
export function DictHorizontalPage() {
  return <DictScreen resource={dict} layout="horizontal" />;
}

/** Dictionaries above, the chosen one's entries below. */
export function DictVerticalPage() {
  return <DictScreen resource={dict} layout="vertical" />;
}
