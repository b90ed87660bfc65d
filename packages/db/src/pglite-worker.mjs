// The embedded database in a worker thread: PGlite runs PostgreSQL compiled to WebAssembly
// synchronously, so on the main thread every statement would stop the event loop (HTTP parsing,
// JSON, sign-in, timers) for as long as it runs. Here the server keeps answering while a statement
// runs, and on two or more cores the database and the HTTP work run side by side.
// Messages: {id, op: 'query'|'exec'|'dump'|'close', sql?, params?} → {id, result} | {id, error}.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

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

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    if (op === 'query') {
      parentPort.postMessage({ id, result: (await db.query(sql, params)).rows });
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
