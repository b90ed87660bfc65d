import type { ResourceHooks } from '../crud/hooks.ts';
import { dictHooks } from './dict/dict.hooks.ts';
import { regionHooks } from './region/region.hooks.ts';

/** Resource name → its own logic beside the engine. Only resources that need some are listed. */
export const resourceHooks: Record<string, ResourceHooks> = {
  dict: dictHooks,
  'dict-biz': dictHooks,
  region: regionHooks,
};
