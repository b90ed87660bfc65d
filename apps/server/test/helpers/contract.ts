import type { TestApp, TestUser } from './build-app.ts';

/**
 * Contract walks: each row is one call a client makes — its method, path and the parameters it
 * sends — and the shape its answer must have. `walkCall` answers the ways a row breaks its
 * contract (empty when it keeps it), so a table-driven test names every broken row at once.
 */

/**
 * What the answer's `data` holds:
 * - page: `{records, total, size, current}`
 * - tree: an array of nodes, each with `children` or `hasChildren`
 * - list: an array
 * - detail: an object
 * - ok: any data, the call succeeded (`success: true`)
 * - bare: no envelope; the body itself is the answer (OAuth token, captcha), `fields` checked on it
 * - refused: a call naming a row that does not exist, or a body missing what is required, answered
 *   as a 4xx in the envelope (shows the call is served and reads its parameters, changing nothing)
 */
export type Shape = 'page' | 'tree' | 'list' | 'detail' | 'ok' | 'bare' | 'refused';

export type ContractCall = {
  method: 'GET' | 'POST';
  /** The route as registered (`:name` for path parameters). */
  path: string;
  /** The URL called, when the path has parameters. */
  url?: string;
  /** Query parameters the client sends; `$id` is replaced by the id `from` finds. */
  query?: Record<string, string | number>;
  /** The JSON body the client sends; `$id` values are replaced as in `query`. */
  body?: Record<string, unknown> | unknown[];
  /** A GET answering rows (page, list or tree) whose first row's `key` (default `id`) is `$id`. */
  from?: string;
  key?: string;
  /** More placeholders: `{$menu: url}` puts the id of the first row `url` answers in place of `$menu`. */
  refs?: Record<string, string>;
  /** A multipart form instead of JSON: text fields and at most one file. */
  multipart?: { fields?: Record<string, string>; file?: { name: string; filename: string; type: string; content: string | Buffer } };
  /** Sends the web client's Basic credential header too. */
  basic?: boolean;
  /** Who calls: the demo tenant's administrator (default) or the platform administrator. */
  as?: 'platform';
  /** An urlencoded form instead of JSON. */
  form?: Record<string, string>;
  /** Extra headers (e.g. Tenant-Id). */
  headers?: Record<string, string>;
  shape: Shape;
  /** For `refused`: what the refusal (message and field errors) must name. */
  refusedFor?: RegExp;
  /** Field names the record (detail, or the first row of a page, list or tree) carries. */
  fields?: string[];
};

/** An unknown-parameter refusal: the call did not accept a parameter the client sent. */
const UNKNOWN_PARAM = /未知的(查询|报表)?(参数|条件)/;

export const callName = (c: ContractCall) => `${c.method} ${c.path}`;

// biome-ignore lint/suspicious/noExplicitAny: answers are whatever JSON the server sent
type Json = any;

function firstRow(data: Json): Json {
  if (Array.isArray(data)) return data[0];
  if (data && Array.isArray(data.records)) return data.records[0];
  return undefined;
}

function fill<T>(value: T, ids: Record<string, string>): T {
  let json = JSON.stringify(value);
  for (const [name, id] of Object.entries(ids)) json = json.replaceAll(JSON.stringify(name), JSON.stringify(id));
  return JSON.parse(json);
}

const problemsOfShape = (c: ContractCall, data: Json): string[] => {
  const out: string[] = [];
  let record: Json;
  switch (c.shape) {
    case 'page':
      if (!data || typeof data !== 'object' || !Array.isArray(data.records)) return [`data is not a page: ${brief(data)}`];
      for (const k of ['total', 'size', 'current']) if (typeof data[k] !== 'number') out.push(`page lacks numeric ${k}`);
      record = data.records[0];
      break;
    case 'tree':
      if (!Array.isArray(data)) return [`data is not a tree (array): ${brief(data)}`];
      for (const n of data)
        if (!n || typeof n !== 'object' || !(Array.isArray(n.children) || typeof n.hasChildren === 'boolean')) {
          out.push(`tree node without children/hasChildren: ${brief(n)}`);
          break;
        }
      record = data[0];
      break;
    case 'list':
      if (!Array.isArray(data)) return [`data is not a list (array): ${brief(data)}`];
      record = data[0];
      break;
    case 'detail':
      if (!data || typeof data !== 'object' || Array.isArray(data)) return [`data is not an object: ${brief(data)}`];
      record = data;
      break;
    default:
      return out;
  }
  if (c.fields?.length) {
    if (!record) out.push(`no record to check fields ${c.fields.join(', ')} on`);
    else {
      const missing = c.fields.filter((f) => !(f in record));
      if (missing.length) out.push(`record lacks ${missing.join(', ')} (has ${Object.keys(record).join(', ')})`);
    }
  }
  return out;
};

function payloadOf(c: ContractCall, ids: Record<string, string>): { headers: Record<string, string>; payload?: string | object | Buffer } {
  const headers = { ...(c.headers ?? {}) };
  if (c.multipart) {
    const boundary = '----contract-walk';
    const parts: Buffer[] = Object.entries(c.multipart.fields ?? {}).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    const f = c.multipart.file;
    if (f)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
        ),
        Buffer.from(f.content),
        Buffer.from('\r\n'),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(parts) };
  }
  if (c.form)
    return {
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(c.form).toString(),
    };
  if (c.body !== undefined) return { headers, payload: fill(c.body, ids) as object };
  return c.method === 'POST' ? { headers, payload: {} } : { headers };
}

const brief = (v: unknown) => JSON.stringify(v)?.slice(0, 200);

/** The OpenAPI document's operations (`/api/docs/json`), by method and path. */
export type ApiDoc = { paths: Record<string, Record<string, Json>> };

/** The parameters a row sends that its operation in the OpenAPI document does not declare. */
function undocumented(doc: ApiDoc, c: ContractCall): string[] {
  const op = doc.paths[c.path.replace(/:(\w+)/g, '{$1}')]?.[c.method.toLowerCase()];
  if (!op) return [`${callName(c)} is not in the OpenAPI document`];
  const declared = new Set<string>((op.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name));
  const out = Object.keys(c.query ?? {})
    .filter((k) => !declared.has(k))
    .map((k) => `query parameter ${k} is not declared`);
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (c.body && !Array.isArray(c.body) && body?.properties && !body.additionalProperties) {
    const props = new Set(Object.keys(body.properties));
    // `param` holds a matter-style page's filters (documented with the list's query parameters)
    out.push(
      ...Object.keys(c.body)
        .filter((k) => k !== 'param' && !props.has(k))
        .map((k) => `body field ${k} is not declared`),
    );
  }
  return out;
}

/**
 * Calls one row as `user` and answers how the answer breaks the row's contract; with the OpenAPI
 * document, also each parameter the row sends that the operation does not declare.
 */
export async function walkCall(t: TestApp, user: TestUser, c: ContractCall, doc?: ApiDoc): Promise<string[]> {
  const served = t.app.routeGuards.some((r) => r.method === c.method && r.url === c.path);
  if (!served) return [`not served: ${callName(c)}`];
  return [...(doc ? undocumented(doc, c) : []), ...(await answerProblems(t, user, c))];
}

/** How the answer to one row's call breaks its contract. */
async function answerProblems(t: TestApp, user: TestUser, c: ContractCall): Promise<string[]> {
  const ids: Record<string, string> = {};
  const sources = { ...(c.from ? { $id: c.from } : {}), ...(c.refs ?? {}) };
  for (const [name, from] of Object.entries(sources)) {
    const src = await t.call(user, { method: 'GET', url: from });
    const row = firstRow(src.body?.data);
    if (!row) return [`no row from ${from} to call with: ${src.status} ${brief(src.body)}`];
    ids[name] = String(row[name === '$id' ? (c.key ?? 'id') : 'id']);
  }
  const query = fill(c.query ?? {}, ids);
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const url = (c.url ?? c.path) + (qs ? `?${qs}` : '');
  const sent = payloadOf(c, ids);
  if (c.basic) sent.headers = { ...sent.headers, authorization: await t.basic() };
  const res = await t.call(user, { method: c.method, url, ...sent });
  const at = `${res.status} ${brief(res.body)}`;
  if (res.status >= 500) return [`${c.method} ${url} failed: ${at}`];
  const body: Json = res.body;
  if (c.shape === 'bare') {
    if (res.status !== 200 || !body || typeof body !== 'object') return [`expected 200 with a JSON body, got ${at}`];
    return problemsOfShape({ ...c, shape: 'detail' }, body);
  }
  if (!body || typeof body !== 'object' || !('code' in body) || !('success' in body) || !('msg' in body))
    return [`answer is not the envelope {code, success, msg, data}: ${at}`];
  if (res.status === 400 && UNKNOWN_PARAM.test(String(body.msg))) return [`a spec parameter is refused: ${at}`];
  if (res.status === 401 || res.status === 403) return [`not allowed to ${c.as ?? 'the tenant administrator'}: ${at}`];
  if (c.shape === 'refused') {
    if (res.status < 400 || res.status >= 500 || body.success !== false) return [`expected a 4xx refusal, got ${at}`];
    if (c.refusedFor && !c.refusedFor.test(JSON.stringify(body))) return [`expected a refusal naming ${c.refusedFor}, got ${at}`];
    return [];
  }
  if (res.status !== 200 || body.success !== true || !('data' in body)) return [`expected 200 success, got ${at}`];
  return problemsOfShape(c, body.data);
}
