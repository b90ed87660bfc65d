import type { Row } from '@civdesk/db';
import { isIdText, permCode, type Resource } from '@civdesk/meta';
import { areaSort } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceHooks, RouteDeps } from '../../crud/hooks.ts';
import { newId } from '../../crud/ids.ts';
import { findOne, remove } from '../../crud/repository.ts';
import { parseIds, scopeOf, submit } from '../../crud/routes.ts';
import { mergeForest } from '../../crud/tree.ts';
import { badRequest, notFound, ok } from '../../plugins/envelope.ts';

const AREA = '/api/blade-system/area';
const AREA_SORT = '/api/blade-system/areaSort';
const MAX_NODES = 5000;

const regionCols = `r.id::text, r.parent_id::text as "parentId", r.code, r.name, r.full_name as "fullName", r.pycode,
  r.region_level as "regionLevel", r.full_path as "fullPath", r.area_id as "areaId"`;

const paramsOf = (req: FastifyRequest) =>
  ({ ...((req.query as object) ?? {}), ...((req.body as object) ?? {}) }) as Record<string, unknown>;

function levelParam(v: unknown): number {
  const n = Number(v);
  if (!/^[1-5]$/.test(String(v ?? ''))) throw badRequest('regionLevel 应为 1 到 5');
  return n;
}

/** The region a parentCode / parentId names ('00' or 0 = the national root), or a 400. */
async function parentOf(deps: RouteDeps, q: Record<string, unknown>): Promise<string> {
  if (q.parentId !== undefined && q.parentId !== '') {
    if (!isIdText(String(q.parentId))) throw badRequest('parentId 应为编号');
    return String(q.parentId);
  }
  const code = String(q.parentCode ?? '00') || '00';
  if (code === '00') return '0';
  if (!/^\d{1,32}$/.test(code)) throw badRequest('parentCode 应为区划编号');
  const [row] = await deps.db.query<{ id: string }>('select id::text from blade_region where code = $1 and is_deleted = 0', [code]);
  if (!row) throw notFound('区划不存在');
  return row.id;
}

/** Regions under the given roots down to `maxLevel`, as a forest (refused when too large to draw). */
async function subtree(deps: RouteDeps, roots: string[], maxLevel: number): Promise<Row[]> {
  const found = await deps.db.query<Row>(
    `with recursive t as (
       select id from blade_region where parent_id = any($1::bigint[]) and is_deleted = 0 and region_level <= $2
       union all
       select r.id from blade_region r join t on r.parent_id = t.id where r.is_deleted = 0 and r.region_level <= $2
     )
     select ${regionCols} from blade_region r join t on t.id = r.id order by r.code limit ${MAX_NODES + 1}`,
    [roots, maxLevel],
  );
  if (found.length > MAX_NODES) throw badRequest('范围过大,请从下级区划开始');
  return found;
}

const node = (row: Row) => ({ ...row, title: row.name, key: row.id, value: row.id });

/**
 * The `area` dialect over the region table (tenant sort order, trees cut at a level, the caller's
 * role areas) and `areaSort`, the tenant's own order of regions.
 */
export function registerAreaRoutes(app: FastifyInstance, r: Resource, deps: RouteDeps, regionHooks: ResourceHooks) {
  const tags = ['Areas'];
  const view = { auth: { perm: 'region_view' } } as const;
  const edit = { auth: { perm: 'region_edit' } } as const;

  // One level, in the tenant's order (areaSort) then by code, with hasChildren.
  const lazyList = async (req: FastifyRequest) => {
    const s = scopeOf(req, deps);
    const parent = await parentOf(deps, paramsOf(req));
    const rows = await deps.db.query<Row>(
      `select ${regionCols}, o.sort, exists(select 1 from blade_region c where c.parent_id = r.id and c.is_deleted = 0) as "hasChildren"
         from blade_region r left join dw_area_sort o on o.area_id = r.id and o.tenant_id = $2
        where r.parent_id = $1 and r.is_deleted = 0 order by o.sort nulls last, r.code limit ${MAX_NODES}`,
      [parent, s.caller.tenantId],
    );
    return ok(rows.map(node));
  };
  app.post(`${AREA}/cusLazyList`, { config: view, schema: { tags, summary: '区划懒加载列表' } }, lazyList);
  app.post(`${AREA_SORT}/cusLazyList`, { config: view, schema: { tags, summary: '区划排序懒加载列表' } }, lazyList);

  app.get(`${AREA}/detail`, { config: view, schema: { tags, summary: '区划详情' } }, async (req) => {
    const q = req.query as Record<string, unknown>;
    const by: Record<string, string> = q.id !== undefined ? { id: String(q.id) } : { code: String(q.code ?? '') };
    if (by.id !== undefined && !isIdText(by.id)) throw badRequest('id 应为编号');
    const row = await findOne(deps.db, r, scopeOf(req, deps), by);
    if (!row) throw notFound();
    return ok(row);
  });
  app.get(`${AREA}/tree`, { config: view, schema: { tags, summary: '区划树(某区划以下)' } }, async (req) => {
    const parent = await parentOf(deps, req.query as Record<string, unknown>);
    return ok(mergeForest((await subtree(deps, [parent], 5)).map(node)));
  });
  app.get(`${AREA}/treeSpecLv`, { config: view, schema: { tags, summary: '区划树(到指定层级)' } }, async (req) => {
    const q = req.query as Record<string, unknown>;
    return ok(mergeForest((await subtree(deps, [await parentOf(deps, q)], levelParam(q.regionLevel))).map(node)));
  });
  // The caller's role areas and what lies beneath them, to a level (role area pickers, level 4).
  app.get(
    `${AREA}/areaRoleTreeSpeck`,
    { config: { auth: 'signed-in' }, schema: { tags, summary: '本角色区划树(到指定层级)' } },
    async (req) => {
      const s = scopeOf(req, deps);
      const lv = levelParam((req.query as Record<string, unknown>).regionLevel);
      const areas = await deps.db.query<{ id: string }>(
        'select distinct area_id::text as id from blade_role where id = any($1::bigint[]) and tenant_id = $2 and is_deleted = 0 and area_id is not null',
        [s.caller.roleIds.filter(isIdText), s.caller.tenantId],
      );
      if (!areas.length) return ok([]);
      const ids = areas.map((a) => a.id);
      const own = await deps.db.query<Row>(`select ${regionCols} from blade_region r where r.id = any($1::bigint[]) and r.is_deleted = 0`, [
        ids,
      ]);
      const below = await subtree(deps, ids, lv);
      return ok(mergeForest([...own, ...below].map(node)));
    },
  );
  app.post(`${AREA}/submit`, { config: edit, schema: { tags, summary: '区划新增或修改' } }, async (req) =>
    ok(await submit(deps, r, req, regionHooks), (req.body as { id?: unknown })?.id ? '更新成功' : '新增成功'),
  );
  app.post(`${AREA}/remove`, { config: { auth: { perm: 'region_delete' } }, schema: { tags, summary: '区划删除' } }, async (req) => {
    await remove(deps.db, r, scopeOf(req, deps), parseIds(paramsOf(req).ids));
    return ok(true, '删除成功');
  });

  // Body: [{areaId, sort}] (or {list: [...]}): the tenant's order for those regions.
  app.post(
    `${AREA_SORT}/cusSave`,
    { config: { auth: { perm: permCode(areaSort, 'edit') } }, schema: { tags, summary: '保存区划排序' } },
    async (req) => {
      const body = req.body as unknown;
      const list = Array.isArray(body) ? body : (body as { list?: unknown } | null)?.list;
      if (!Array.isArray(list) || list.length === 0 || list.length > 1000) throw badRequest('请提供排序列表 [{areaId, sort}]');
      const items = list.map((x) => {
        const { areaId, sort } = (x ?? {}) as Record<string, unknown>;
        if (!isIdText(String(areaId ?? ''))) throw badRequest('areaId 应为编号');
        if (!/^\d{1,5}$/.test(String(sort ?? ''))) throw badRequest('顺序码只能输入数字');
        return { areaId: String(areaId), sort: Number(sort) };
      });
      const s = scopeOf(req, deps);
      await deps.db.tx(async (db) => {
        const [{ n }] = await db.query<{ n: number }>(
          'select count(*)::int n from blade_region where id = any($1::bigint[]) and is_deleted = 0',
          [items.map((i) => i.areaId)],
        );
        if (n !== new Set(items.map((i) => i.areaId)).size) throw badRequest('区划不存在');
        for (const i of items) {
          await db.query(
            `insert into dw_area_sort (id, tenant_id, area_id, sort, create_user, create_dept, update_user) values ($1, $2, $3, $4, $5, $6, $5)
           on conflict (tenant_id, area_id) do update set sort = excluded.sort, update_user = excluded.update_user, update_time = now()`,
            [newId(), s.caller.tenantId, i.areaId, i.sort, s.caller.userId, s.caller.deptId],
          );
        }
      });
      return ok(true, '操作成功!');
    },
  );
}
