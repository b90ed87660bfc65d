// The embedded database in a worker thread: PGlite runs PostgreSQL compiled to WebAssembly
// synchronously, so on the main thread every statement would stop the event loop (HTTP parsing,
// JSON, sign-in, timers) for as long as it runs. Here the server keeps answering while a statement
// runs, and on two or more cores the database and the HTTP work run side by side.
// Messages: {id, op: 'query'|'exec'|'begin'|'dump'|'close', sql?, params?, name?} → {id, result} | {id, error}.
// 'begin' opens a transaction and runs its first statement (no parameters) in the same message.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** An error as plain data, with the fields callers read (SQLSTATE code, constraint, detail…). */
function plain(e) {
  const out = { message: e instanceof Error ? e.message : String(e) };
  if (e && typeof e === 'object') {
    for (const [k, v] of Object.entries(e)) if (['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  }
  return out;
}

let db;
try {
  const { dataDir, loadDataDir } = workerData;
  db = await PGlite.create({ dataDir, loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined });
  parentPort.postMessage({ id: 0, result: 'ready' });
} catch (e) {
  parentPort.postMessage({ id: 0, error: plain(e) });
}

/** Parameter types of the statements prepared so far, by name. */
const prepared = new Map();

/**
 * A named statement (statement-names.ts says which): parsed and described once, then only bound
 * and run, through the same protocol messages PGlite's own query() sends for an unnamed one.
 */
function namedQuery(name, sql, params) {
  return db._runExclusiveQuery(async () => {
    const out = [];
    const send = async (message) => out.push(...(await db.execProtocol(message, { syncToFs: false })).messages);
    try {
      let types = prepared.get(name);
      if (!types) {
        await send(serialize.parse({ name, text: sql }));
        out.length = 0;
        await send(serialize.describe({ type: 'S', name }));
        types = parse.parseDescribeStatementResults(out);
        out.length = 0;
        prepared.set(name, types);
      }
      const values = params.map((v, i) => (v == null ? null : (db.serializers[types[i]] ?? String)(v)));
      await send(serialize.bind({ statement: name, values }));
      await send(serialize.describe({ type: 'P' }));
      await send(serialize.execute({}));
    } finally {
      // ends the exchange, after an error too (the server skips to the sync); writes out as query() does
      await db.execProtocol(serialize.sync());
    }
    return parse.parseResults(out, db.parsers)[0]?.rows ?? [];
  });
}

parentPort.on('message', async ({ id, op, sql, params, name }) => {
  try {
    if (op === 'query') {
      const rows = name ? await namedQuery(name, sql, params) : (await db.query(sql, params)).rows;
      parentPort.postMessage({ id, result: rows });
    } else if (op === 'begin') {
      const results = await db.exec(sql ? `begin;\n${sql}` : 'begin');
      parentPort.postMessage({ id, result: results[1]?.rows ?? [] });
    } else if (op === 'exec') {
      await db.exec(sql);
      parentPort.postMessage({ id, result: null });
    } else if (op === 'dump') {
      const buf = await (await db.dumpDataDir('none')).arrayBuffer();
      parentPort.postMessage({ id, result: buf }, [buf]);
    } else if (op === 'close') {
      await db.close();
      parentPort.postMessage({ id, result: null });
    }
  } catch (e) {
    parentPort.postMessage({ id, error: plain(e) });
  }
});
