// The framework floor: a bare Fastify server that answers each measured call by running exactly the
// SQL the real app ran for it (recorded, replayed with the same parameters and the same side-by-side
// waves) through the same Db client, and sending the rows in the same envelope. No auth, no
// validation, no SQL building, no logging: what is left is Fastify, the driver and the database.
import { readFileSync } from 'node:fs';
import { openDb } from '@civdesk/db';
import Fastify from 'fastify';
import { replay, withId } from './floor.ts';
import type { Plan } from './record.ts';

type Plans = { list: Plan; deep: Plan; detail: Plan; detailId: string };

const plans = JSON.parse(readFileSync(process.env.BENCH_PLAN_FILE as string, 'utf8')) as Plans;
const db = await openDb({ url: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR });
const app = Fastify({ logger: false });
const envelope = (data: unknown) => ({ code: 200, success: true, data, msg: '操作成功' });

const page = async (plan: Plan) => {
  const [records] = await replay(db, plan);
  return envelope({ records, total: records.length, size: records.length, current: 1, pages: 1 });
};
app.get('/bare/list', () => page(plans.list));
app.get('/bare/deep', () => page(plans.deep));
app.get('/bare/detail', async (req) => {
  const id = String((req.query as Record<string, string>).id);
  const [rows] = await replay(db, withId(plans.detail, plans.detailId, id));
  return envelope(rows[0] ?? null);
});
app.get('/bare/ready', async () => envelope(true));

const close = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
