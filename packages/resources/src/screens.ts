import type { Screen } from '@civdesk/meta';
import { approveScreens } from './approve/screens.ts';
import { formScreens } from './matter/form-screens.ts';
import { queryScreens } from './query/screens.ts';
import { upgradeScreens } from './upgrade/screens.ts';
import { workflowScreens } from './workflow/screens.ts';

// Screens that are not a resource's list and form, in menu order within their groups. A domain
// declares its screens in its own folder (`defineScreen`) and lists them here; the seed, the router
// and the sidebar derive from this list as they do from the registry.

export const screens: Screen[] = [...workflowScreens, ...formScreens, ...approveScreens, ...queryScreens, ...upgradeScreens];

/** The screen a path opens. */
export const screenByPath = new Map(screens.map((s) => [s.menu.path, s] as const));
