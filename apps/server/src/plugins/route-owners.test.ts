import { registry } from '@civdesk/resources';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { misplaced, owned, registerRouteOwners, resourceAt } from './route-owners.ts';

describe('a resource’s API path belongs to that resource alone', () => {
  it('finds the resource whose path a URL lies under, the longest first, on whole segments', () => {
    expect(resourceAt(registry, '/api/blade-user/b/operLog/auditPass')?.name).toBe('user-oper-log');
    expect(resourceAt(registry, '/api/blade-user/grant')?.name).toBe('user');
    expect(resourceAt(registry, '/api/blade-system/dict-biz/select')?.name).toBe('dict-biz');
    expect(resourceAt(registry, '/api/blade-system/area/tree')).toBeUndefined();
  });

  it('only that resource may register there; paths no resource claims are anyone’s', () => {
    expect(misplaced(registry, '/api/blade-user/grant', { resource: 'user' })).toBeNull();
    expect(misplaced(registry, '/api/blade-user/grant', { module: 'auth' })).toMatch(/resource user .* module auth/);
    expect(misplaced(registry, '/api/blade-user/b/operLog/auditPass', { resource: 'user' })).toMatch(/user-oper-log/);
    expect(misplaced(registry, '/api/blade-user/grant', undefined)).toMatch(/outside any resource or module/);
    expect(misplaced(registry, '/api/blade-auth/oauth/token', { module: 'auth' })).toBeNull();
  });

  it('the app refuses to boot with a route in the wrong place', async () => {
    const app = Fastify();
    registerRouteOwners(app, registry);
    await app.register(
      owned({ resource: 'user' }, (a) => {
        a.get('/api/blade-user/fine', async () => 'x');
      }),
    );
    await expect(
      app.register(
        owned({ module: 'auth' }, (a) => {
          a.get('/api/blade-user/info2', async () => 'x');
        }),
      ),
    ).rejects.toThrow(/API path of resource user/);
    await app.close();
  });
});
