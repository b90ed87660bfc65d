import type { Screen } from '@civdesk/meta';
import { formScreens } from './matter/form-screens.ts';
import { workflowScreens } from './workflow/screens.ts';

// Screens that are not a resource's list and form, in menu order within their groups. A domain
// declares its screens in its own folder (`defineScreen`) and lists them here; the seed, the router
// and the sidebar derive from this list as they do from the registry.

export const screens: Screen[] = [...workflowScreens, ...formScreens];

/** The screen a path opens. */
export const screenByPath = new Map(screens.map((s) => [s.menu.path, s] as const));
