import { loadModule, parseSync } from 'libpg-query';
import { badRequest } from '../../core/envelope.ts';

/** What a checked statement reads: relation names (unqualified, as PostgreSQL folds them) and its WITH names. */
export type Checked = { relations: string[]; cteNames: string[] };

const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

/**
 * Functions a report has no business calling: server files, sleeping, sessions and locks, settings,
 * sequences, and those that run SQL handed to them as text (which would escape these checks).
 */
const DENIED_FUNCTION =
  /^(pg_|lo_|dblink|query_to_|cursor_to_|table_to_|schema_to_|database_to_|txid_|binary_upgrade_)|^(ts_stat|ts_rewrite|set_config|current_setting|nextval|setval|currval|lastval|version|inet_server_addr|inet_server_port)$/;

let loaded: Promise<void> | null = null;
/** Loads the parser (PostgreSQL's own, compiled to WebAssembly) once. */
export const parserReady = () => {
  loaded ??= loadModule();
  return loaded;
};

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;
const names = (list: unknown) =>
  Array.isArray(list) ? list.map((x) => String((x as Node).String ? ((x as Node).String as Node).sval : '')) : [];

/**
 * The parse check before a statement runs: one SELECT (WITH … SELECT included), no writes inside
 * it, no SELECT INTO or row locks, no schema-qualified or denied functions, no schema-qualified
 * relations. It gives the clear message; the read-only transaction is what really stops writes.
 */
export async function checkSelect(sql: string): Promise<Checked> {
  await parserReady();
  let stmts: { stmt?: Node }[];
  try {
    stmts = (parseSync(sql) as { stmts?: { stmt?: Node }[] }).stmts ?? [];
  } catch (e) {
    throw badRequest(`SQL语法错误: ${(e as Error).message}`);
  }
  if (stmts.length === 0) throw badRequest('SQL不能为空');
  if (stmts.length > 1) throw badRequest('只能执行一条SELECT语句，不能用分号连接多条语句');
  const root = stmts[0].stmt ?? {};
  if (!('SelectStmt' in root)) throw badRequest('只能执行查询(SELECT)语句，不能修改数据或结构');
  const relations = new Set<string>();
  const cteNames = new Set<string>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x);
      return;
    }
    if (!isNode(v)) return;
    for (const [key, value] of Object.entries(v)) {
      if (WRITES.has(key)) throw badRequest('查询语句中不能包含写操作(INSERT/UPDATE/DELETE/MERGE)');
      if (key === 'intoClause') throw badRequest('不能使用SELECT INTO');
      if (key === 'lockingClause') throw badRequest('不能使用FOR UPDATE/FOR SHARE等加锁子句');
      if (key === 'RangeVar' && isNode(value)) {
        if (value.schemaname || value.catalogname) throw badRequest(`不能指定模式名读取表: ${value.schemaname}.${value.relname}`);
        relations.add(String(value.relname));
      }
      if (key === 'CommonTableExpr' && isNode(value)) cteNames.add(String(value.ctename));
      if (key === 'FuncCall' && isNode(value)) {
        const fn = names(value.funcname);
        if (fn.length > 1) throw badRequest(`不能调用带模式名的函数: ${fn.join('.')}`);
        if (DENIED_FUNCTION.test(fn[0].toLowerCase())) throw badRequest(`不允许在查询中调用函数: ${fn[0]}`);
      }
      walk(value);
    }
  };
  walk(root);
  return { relations: [...relations], cteNames: [...cteNames] };
}
