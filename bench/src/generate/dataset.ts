import { person } from './people.ts';
import { type Random, weighted } from './random.ts';

// What the generator makes, row by row, as plain objects keyed by column name. Everything comes
// from the seed: the same seed gives the same rows (ids included) on every machine.

export type DatasetSpec = {
  seed: string;
  /** Users over all business tenants. */
  users: number;
  /** API-log rows over all tenants. */
  logs: number;
};

export const fullSpec: DatasetSpec = { seed: 'civdesk-bench-1', users: 100_000, logs: 1_000_000 };

/** The business tenants the data lives in (000000 is the platform tenant, 100001 the seeded demo). */
export const benchTenants = [
  { code: '100001', name: '示范区未成年人保护中心', userShare: 0.6, logShare: 0.7 },
  { code: '100002', name: '东城区未成年人保护中心', userShare: 0.4, logShare: 0.25 },
] as const;
export const PLATFORM_LOG_SHARE = 0.05;

/** The tenant whose 70 % of the API log the benchmarks page through. */
export const BENCH_TENANT = '100001';
/** Password of every generated user (all share one precomputed hash). */
export const BENCH_PASSWORD = 'Bench@2025';

const EPOCH = 1577836800000n; // 2020-01-01, as in apps/server/src/crud/ids.ts

/**
 * Snowflake ids derived from a row's time, like the server's, but reproducible. Each stream of rows
 * (a table, a tenant) has its own worker number, so streams whose times overlap never collide.
 */
export class IdMaker {
  private lastMs = -1;
  private seq = 0;
  private readonly worker: bigint;
  constructor(worker: number) {
    if (worker < 0 || worker > 1023) throw new Error('worker is 10 bits');
    this.worker = BigInt(worker);
  }
  next(ms: number): string {
    if (ms <= this.lastMs) {
      this.seq++;
      if (this.seq > 4095) {
        this.lastMs++;
        this.seq = 0;
      }
    } else {
      this.lastMs = ms;
      this.seq = 0;
    }
    return (((BigInt(this.lastMs) - EPOCH) << 22n) | (this.worker << 12n) | BigInt(this.seq)).toString();
  }
}

export type Row = Record<string, unknown>;
export type DeptNode = { id: string; parentId: string; level: number };
export type UserRef = { id: string; account: string; deptId: string };

const offices = ['未成年人保护工作站', '儿童福利科', '社会救助科', '综合办公室', '社区服务中心', '个案管理组'];

/**
 * A tenant's department tree below its root: one district office per county, one street office per
 * street (from the region data), and a few sections under each street. Returns rows and the nodes.
 */
export function deptTree(
  r: Random,
  tenantId: string,
  root: { id: string; code: string },
  counties: { code: string; name: string; streets: string[] }[],
  ids: IdMaker,
  createdMs: number,
): { rows: Row[]; nodes: DeptNode[] } {
  const rows: Row[] = [];
  const nodes: DeptNode[] = [];
  let n = 0;
  const add = (parentId: string, level: number, name: string, fullName: string, areaName: string, sort: number) => {
    const id = ids.next(createdMs + n * 1000);
    n++;
    rows.push({
      id,
      tenant_id: tenantId,
      parent_id: parentId,
      dept_code: `${root.code}-${String(n).padStart(4, '0')}`,
      dept_name: name.slice(0, 32),
      full_name: fullName.slice(0, 256),
      area_name: areaName,
      organ_type: String(level),
      sort,
      create_time: new Date(createdMs + n * 1000).toISOString(),
      update_time: new Date(createdMs + n * 1000).toISOString(),
    });
    nodes.push({ id, parentId, level });
    return id;
  };
  counties.forEach((c, ci) => {
    const district = add(root.id, 1, `${c.name}民政局`, `${c.name}民政局`, c.name, ci + 1);
    c.streets.forEach((street, si) => {
      const streetId = add(district, 2, `${street}办事处`, `${c.name}${street}办事处`, c.name, si + 1);
      const k = r.between(2, 4);
      for (let i = 0; i < k; i++) add(streetId, 3, offices[i], `${c.name}${street}${offices[i]}`, c.name, i + 1);
    });
  });
  return { rows, nodes };
}

/** Users of one tenant, streamed in order; most sit in sections, some in street and district offices. */
export function* userRows(
  r: Random,
  tenantId: string,
  count: number,
  depts: DeptNode[],
  ctx: { areaCodes: readonly string[]; roleId: string; passwordHash: string; createUser: string; ids: IdMaker; startNo: number },
): Generator<Row> {
  const leaves = depts.filter((d) => d.level === 3);
  const upper = depts.filter((d) => d.level < 3);
  const from = Date.UTC(2019, 0, 1);
  const span = Date.UTC(2026, 0, 1) - from;
  // Creation times ascend (ids follow time, as with real snowflakes).
  const step = span / count;
  for (let i = 0; i < count; i++) {
    const p = person(r, ctx.areaCodes);
    const ms = Math.floor(from + i * step + r.next() * step * 0.9);
    const no = ctx.startNo + i;
    const account = `${p.surnamePinyin}${no}`;
    const dept = r.chance(0.85) || upper.length === 0 ? r.pick(leaves) : r.pick(upper);
    const created = new Date(ms).toISOString();
    yield {
      id: ctx.ids.next(ms),
      tenant_id: tenantId,
      account,
      password: ctx.passwordHash,
      user_type: 1,
      name: p.name,
      real_name: p.name,
      code: `U${String(no).padStart(7, '0')}`,
      phone: p.phone,
      email: `${account}@example.cn`,
      sex: p.sex,
      birthday: p.birthday,
      id_card: p.idCard,
      py_code: p.surnamePinyin.toUpperCase(),
      role_id: ctx.roleId,
      dept_id: dept.id,
      sort: no,
      create_user: ctx.createUser,
      create_dept: dept.id,
      create_time: created,
      update_user: ctx.createUser,
      update_time: created,
      last_login_time: r.chance(0.8) ? new Date(ms + r.int(Date.UTC(2026, 0, 1) - ms)).toISOString() : null,
    };
  }
}

// What the API log records: which service, which call, how it was asked.
type Endpoint = { service: string; method: 'GET' | 'POST'; uri: string; title: string; params: (r: Random) => string };
const q = (r: Random) => `current=${r.between(1, 5)}&size=${r.pick([10, 10, 10, 20, 50])}`;
const endpoints: [Endpoint, number][] = [
  [{ service: 'blade-system', method: 'GET', uri: '/blade-system/dept/list', title: '机构列表', params: () => '' }, 8],
  [
    {
      service: 'blade-system',
      method: 'GET',
      uri: '/blade-system/dict/dictionary',
      title: '字典查询',
      params: (r) => `code=${r.pick(['sex', 'post_category', 'organ_type', 'case_status', 'warn_level'])}`,
    },
    14,
  ],
  [
    {
      service: 'blade-system',
      method: 'GET',
      uri: '/blade-system/region/lazy-tree',
      title: '区划懒加载',
      params: (r) => `parentCode=${r.pick(['00', '11', '1101', '31', '44'])}`,
    },
    4,
  ],
  [{ service: 'blade-system', method: 'GET', uri: '/blade-system/menu/routes', title: '菜单路由', params: () => '' }, 6],
  [{ service: 'blade-user', method: 'GET', uri: '/blade-user/page', title: '用户列表', params: q }, 5],
  [{ service: 'blade-user', method: 'GET', uri: '/blade-user/info', title: '用户信息', params: () => '' }, 6],
  [
    {
      service: 'blade-user',
      method: 'POST',
      uri: '/blade-user/update',
      title: '修改用户',
      params: (r) => `{"id":"${r.u32()}","phone":"***"}`,
    },
    1,
  ],
  [
    {
      service: 'blade-auth',
      method: 'POST',
      uri: '/blade-auth/oauth/token',
      title: '用户登录',
      params: () => 'grant_type=captcha&scope=all&username=***&password=***',
    },
    5,
  ],
  [{ service: 'blade-auth', method: 'GET', uri: '/blade-auth/oauth/logout', title: '退出登录', params: () => '' }, 2],
  [
    {
      service: 'dw-minor',
      method: 'GET',
      uri: '/dw-minor/case/page',
      title: '个案列表',
      params: (r) => `${q(r)}&caseStatus=${r.between(1, 6)}`,
    },
    12,
  ],
  [{ service: 'dw-minor', method: 'GET', uri: '/dw-minor/case/detail', title: '个案详情', params: (r) => `id=${r.u32()}${r.u32()}` }, 8],
  [
    {
      service: 'dw-minor',
      method: 'POST',
      uri: '/dw-minor/case/submit',
      title: '保存个案',
      params: (r) => `{"caseName":"***","caseStatus":${r.between(1, 6)}}`,
    },
    3,
  ],
  [{ service: 'dw-minor', method: 'GET', uri: '/dw-minor/warning/page', title: '预警列表', params: q }, 5],
  [{ service: 'dw-matter', method: 'GET', uri: '/dw-matter/item/page', title: '事项列表', params: q }, 4],
  [{ service: 'dw-matter', method: 'POST', uri: '/dw-matter/item/submit', title: '保存事项', params: () => '{"itemName":"***"}' }, 1],
  [{ service: 'blade-flow', method: 'GET', uri: '/blade-flow/work/todo-list', title: '待办事务', params: q }, 7],
  [
    {
      service: 'blade-flow',
      method: 'POST',
      uri: '/blade-flow/work/complete-task',
      title: '完成任务',
      params: (r) => `{"taskId":"${r.u32()}","pass":true}`,
    },
    2,
  ],
  [
    {
      service: 'blade-resource',
      method: 'POST',
      uri: '/blade-resource/oss/endpoint/put-file',
      title: '上传文件',
      params: () => 'file=***',
    },
    2,
  ],
  [{ service: 'blade-log', method: 'GET', uri: '/blade-log/api/list', title: '接口日志', params: q }, 1],
];
const pickEndpoint = weighted(endpoints);
const agents = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
  'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 QIHU 360SE',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0.0.0 Safari/537.36 UOS',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49',
];
const hosts = ['civdesk-app-01', 'civdesk-app-02', 'civdesk-app-03'];

/** Relative traffic by hour of day (Beijing time); weekends carry a third of it. */
const hourWeight = [
  0.05, 0.03, 0.02, 0.02, 0.02, 0.05, 0.1, 0.3, 0.9, 1.6, 1.7, 1.5, 0.7, 0.8, 1.5, 1.7, 1.6, 1.3, 0.6, 0.4, 0.35, 0.3, 0.2, 0.1,
];
const SH = 8 * 3_600_000;
function weightAt(ms: number): number {
  const local = new Date(ms + SH);
  const day = local.getUTCDay();
  return hourWeight[local.getUTCHours()] * (day === 0 || day === 6 ? 0.33 : 1);
}
const meanWeight = (() => {
  let s = 0;
  for (let h = 0; h < 24 * 7; h++) s += hourWeight[h % 24] * (Math.floor(h / 24) >= 5 ? 0.33 : 1);
  return s / (24 * 7);
})();
const maxWeight = Math.max(...hourWeight);

export const LOG_FROM = Date.UTC(2022, 11, 31, 16); // 2023-01-01 00:00 Beijing time
export const LOG_TO = Date.UTC(2025, 11, 31, 16); // 2026-01-01 00:00 Beijing time

/**
 * API-log rows in time order over three years, with office-hours and weekday rhythm, spread over
 * tenants by `benchTenants` shares; each row names a real generated user of its tenant.
 */
export function* logRows(r: Random, count: number, users: Map<string, UserRef[]>, ids: IdMaker): Generator<Row> {
  const pickTenant = weighted<string>([
    ...benchTenants.map((t) => [t.code, t.logShare] as [string, number]),
    ['000000', PLATFORM_LOG_SHARE],
  ]);
  // Arrival times of a Poisson process whose rate follows the weights (thinning: propose at the
  // peak rate, keep a proposal with probability weight/peak), scaled to `count` over the period.
  const peakGap = ((LOG_TO - LOG_FROM) * meanWeight) / count / maxWeight;
  let ms = LOG_FROM;
  for (let i = 0; i < count; i++) {
    do ms += r.exponential(peakGap);
    while (r.next() * maxWeight > weightAt(ms));
    if (ms >= LOG_TO) ms = LOG_TO - 1 - r.int(1000);
    const tenantId = pickTenant(r);
    const people = users.get(tenantId) ?? [];
    const u = people.length ? r.pick(people) : { id: '0', account: 'admin', deptId: '0' };
    const e = pickEndpoint(r);
    const t = Math.floor(ms);
    const created = new Date(t).toISOString();
    const host = r.int(hosts.length);
    yield {
      id: ids.next(t),
      tenant_id: tenantId,
      service_id: e.service,
      server_host: hosts[host],
      server_ip: `10.20.1.${11 + host}:8080`,
      env: 'prod',
      type: '1',
      title: e.title,
      method: e.method,
      request_uri: e.uri,
      user_agent: r.pick(agents),
      remote_ip: `10.${r.between(30, 39)}.${r.int(256)}.${r.between(2, 254)}`,
      method_class: `apps/server/src/modules/${e.service.replace(/^(blade|dw)-/, '')}`,
      method_name: e.uri.slice(e.uri.lastIndexOf('/') + 1),
      params: e.params(r),
      time: String(Math.max(1, Math.round(r.logNormal(12, 0.9)))),
      create_by: u.account,
      create_user: u.id,
      create_dept: u.deptId,
      create_time: created,
      update_user: u.id,
      update_time: created,
    };
  }
}
