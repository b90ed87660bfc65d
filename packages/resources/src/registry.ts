import type { Resource } from '@civdesk/meta';
import { client } from './system/client.resource.ts';
import { dept } from './system/dept.resource.ts';
import { dict, dictBiz } from './system/dict.resource.ts';
import { param } from './system/param.resource.ts';
import { post } from './system/post.resource.ts';
import { region } from './system/region.resource.ts';
import { role } from './system/role.resource.ts';
import { tenant } from './system/tenant.resource.ts';
import { user } from './system/user.resource.ts';

/** Every resource, registered explicitly. Adding one = one definition file + one line here. */
export const registry: Resource[] = [post, param, dict, dictBiz, region, tenant, client, role, dept, user];

export const resourceByName = new Map(registry.map((r) => [r.name, r]));
