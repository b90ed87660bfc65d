import type { ComponentType, LazyExoticComponent } from 'react';
import { approveScreenPages } from '../approve/pages.ts';
import { formScreenPages } from '../matter/forms/pages.ts';
import { queryScreenPages } from '../query/pages.ts';
import { upgradeScreenPages } from '../upgrade/pages.ts';
import { workflowScreenPages } from '../workflow/pages.ts';

/**
 * The page of each declared screen (`screens` in @civdesk/resources), by its menu path. A domain
 * keeps its pages in its own folder and adds them here with one spread line; each page is a lazy
 * chunk, so no screen carries another's code.
 */
export const screenComponents: Record<string, LazyExoticComponent<ComponentType>> = {
  ...workflowScreenPages,
  ...formScreenPages,
  ...approveScreenPages,
  ...queryScreenPages,
  ...upgradeScreenPages,
};
