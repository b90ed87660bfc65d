import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { EXPORT_DONE, EXPORT_FAILED, EXPORT_QUEUED, EXPORT_RUNNING, exportFile, user } from '@civdesk/resources';
import ExcelJS from 'exceljs';
import type { Caller, Scope } from '../../core/caller.ts';
import type { AppContext } from '../../core/context.ts';
import { sqlOf } from '../../core/table-sql.ts';
import { listQuery } from '../../crud/list-query.ts';
import { insert, page, rows } from '../../crud/repository.ts';
import { Params } from '../../crud/sql.ts';
import { loadChoices, toCell } from '../excel/cells.ts';
import { type FileService, fileService } from '../files/file-service.ts';
import { canRead, checkSpec, type ExportColumn, isPersonal } from './export-spec.ts';

/** Rows read per statement: memory holds one page and the writer's current part, whatever the total. */
export const EXPORT_PAGE = 1000;
/** A running job not touched for this long belongs to a server that stopped: another may take it up. */
export const STALE_SECONDS = 60;
const POLL_MS = 30_000;

/** What a job row keeps to run (again) without its request: the checked template and who asked. */
export type JobData = {
  resourceName: string;
  columns: ExportColumn[];
  filters: Record<string, string>;
  roleIds: string[];
  deptIds: string[];
  sheet: string;
};

/** Now as `yyyy-MM-dd HH:mm:ss` in the product's zone (Sweden's locale writes dates so). */
export const nowText = (tz: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'medium' }).format(new Date());

const F = sqlOf(exportFile);
const U = sqlOf(user);

class Stopped extends Error {}

/**
 * Runs export jobs in the background: one at a time per server copy (an export is long and reads a
 * lot; more would starve interactive calls), claimed by an update so two copies never run one job.
 * Jobs queued or left running by a stopped server are picked up at start and then every half minute.
 */
export class ExportRunner {
  private busy = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  readonly files: FileService;
  /** Resolves when the current drain ends (tests wait for it). */
  idle: Promise<void> = Promise.resolve();

  constructor(
    private ctx: AppContext,
    private log: (msg: string, err?: unknown) => void,
  ) {
    this.files = fileService(ctx);
  }

  /** Whether start() ran (the app starts its runner once ready). */
  get started() {
    return this.timer !== null;
  }

  start() {
    this.kick();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  async stop() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle;
    await this.files.close();
  }

  /** Looks for work now (after a new job, at start, on the poll). */
  kick() {
    if (this.busy || this.closed) return;
    this.busy = true;
    this.idle = this.drain()
      .catch((e) => this.log('export runner failed', e))
      .finally(() => {
        this.busy = false;
      });
  }

  private async drain() {
    for (;;) {
      if (this.closed) return;
      const id = await this.claim();
      if (!id) return;
      await this.run(id);
    }
  }

  /** Takes the oldest queued job, or one a stopped server left running. */
  private async claim(): Promise<string | null> {
    const [row] = await this.ctx.db.query<{ id: string }>(
      `update ${F.table} set ${F.c.exportStatus} = ${EXPORT_RUNNING}, ${F.c.progress} = 0, "update_time" = now()
        where ${F.c.id} = (select ${F.c.id} from ${F.table}
                             where "is_deleted" = 0 and (${F.c.exportStatus} = ${EXPORT_QUEUED}
                                or (${F.c.exportStatus} = ${EXPORT_RUNNING} and "update_time" < now() - interval '${STALE_SECONDS} seconds'))
                             order by ${F.c.id} limit 1 for update skip locked)
        returning ${F.c.id}::text as id`,
    );
    return row?.id ?? null;
  }

  private async run(id: string) {
    const tmp = join(this.ctx.config.dataDir, 'tmp', `export-${randomBytes(8).toString('hex')}.xlsx`);
    try {
      await this.write(id, tmp);
    } catch (e) {
      if (e instanceof Stopped) return;
      const message = e instanceof Error && 'status' in e ? e.message : '导出失败，请稍后重试';
      if (!(e instanceof Error && 'status' in e)) this.log('export job failed', e);
      await this.ctx.db.query(
        `update ${F.table} set ${F.c.exportStatus} = ${EXPORT_FAILED}, ${F.c.errorMsg} = $2, ${F.c.finishTime} = now(), "update_time" = now() where ${F.c.id} = $1`,
        [id, message.slice(0, 500)],
      );
    } finally {
      await rm(tmp, { force: true });
    }
  }

  /** Who the job acts for, as now: the user must still exist; only roles and departments it still holds count. */
  private async callerOf(tenantId: string, userId: string, job: JobData): Promise<Caller | null> {
    const [u] = await this.ctx.db.query<{ account: string; realName: string; roleId: string | null; deptId: string | null }>(
      `select ${U.c.account} as account, ${U.c.realName} as "realName", ${U.c.roleId} as "roleId", ${U.c.deptId} as "deptId"
         from ${U.table} where ${U.c.id} = $1 and ${U.live('$2')}`,
      [userId, tenantId],
    );
    if (!u) return null;
    const roles = (u.roleId ?? '').split(',').filter((r) => job.roleIds.includes(r));
    const depts = (u.deptId ?? '').split(',').filter((d) => job.deptIds.includes(d));
    const grants = await this.ctx.grants.load(tenantId, roles);
    return {
      userId,
      tenantId,
      account: u.account,
      userName: u.realName,
      deptId: depts[0] ?? '0',
      deptIds: depts,
      roleIds: grants.roleIds,
      roleAliases: grants.aliases,
      clientId: '',
      sessionId: '',
      platformAdmin: grants.all,
      grants,
    };
  }

  private async write(id: string, tmp: string) {
    const [row] = await this.ctx.db.query<{ tenantId: string; userId: string; job: string; fileName: string }>(
      `select ${F.c.tenantId} as "tenantId", ${F.c.createUser}::text as "userId", ${F.c.job} as job, ${F.c.fileName} as "fileName"
         from ${F.table} where ${F.c.id} = $1`,
      [id],
    );
    const job = JSON.parse(row.job) as JobData;
    const caller = await this.callerOf(row.tenantId, row.userId, job);
    if (!caller) throw Object.assign(new Error('导出人已不存在'), { status: 400 });
    const s: Scope = { caller, tz: this.ctx.tz };
    // Checked again as the caller is now: a role taken away since stops the export.
    const spec = (() => {
      try {
        return checkSpec(caller.grants, { resourceName: job.resourceName, columns: job.columns, filters: job.filters });
      } catch (e) {
        throw Object.assign(new Error(`导出模板已不可用: ${(e as Error).message}`), { status: 400 });
      }
    })();
    const r = spec.resource;
    if (!canRead(caller.grants, r)) throw Object.assign(new Error('无权导出该数据'), { status: 403 });
    const q = listQuery(r, spec.filters);
    const { total } = await page(this.ctx.db, r, s, { ...q, current: 1, size: 1 });
    await this.progress(id, 0, total);
    const choices = await loadChoices(this.ctx.db, s, spec.columns);

    await mkdir(join(this.ctx.config.dataDir, 'tmp'), { recursive: true });
    // The streaming writer flushes each committed row to the file: memory stays one page deep.
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: tmp, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(job.sheet.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
    ws.columns = spec.columns.map((c) => ({ key: c.key, width: Math.min(40, Math.max(12, c.header.length * 2 + 4)) }));
    if (isPersonal(r)) {
      const when = nowText(this.ctx.tz);
      ws.addRow([`导出人：${caller.userName} 导出时间：${when}`]).commit();
    }
    const header = ws.addRow(spec.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    let done = 0;
    let last: string | null = null;
    for (;;) {
      // Keyset paging by id (creation order): each page is an index range, however deep the export.
      // The last id is written into the statement (it is digits read from the table, checked
      // below): as a parameter, the prepared statement's generic plan cannot tell a deep page from
      // the first and scans and sorts the whole table for every page (measured: quadratic).
      const p = new Params();
      if (last !== null && !/^\d{1,19}$/.test(last)) throw new Error(`unexpected id ${last}`);
      const after = last === null ? [] : [`t."id" > ${last}::bigint`];
      const batch = await rows(this.ctx.db, r, s, { ...q, sorts: [], size: EXPORT_PAGE }, after, p);
      for (const x of batch) ws.addRow(spec.columns.map((c) => toCell(c.f, x[c.key], choices.get(c.key)))).commit();
      done += batch.length;
      if (batch.length) last = String(batch[batch.length - 1].id);
      if (this.closed) throw new Stopped();
      if (batch.length < EXPORT_PAGE) break;
      await this.progress(id, done, Math.max(total, done));
    }
    ws.commit();
    await wb.commit();
    const size = (await stat(tmp)).size;
    const link = await this.files.store(row.tenantId, 'xlsx', await readFile(tmp));
    const [fin] = await this.ctx.db.query(
      `update ${F.table} set ${F.c.exportStatus} = ${EXPORT_DONE}, ${F.c.progress} = $2, ${F.c.total} = $2, ${F.c.fileSize} = $3,
              ${F.c.fileLink} = $4, ${F.c.finishTime} = now(), ${F.c.errorMsg} = null, "update_time" = now()
        where ${F.c.id} = $1 and "is_deleted" = 0 and ${F.c.exportStatus} = ${EXPORT_RUNNING} returning 1`,
      [id, done, size, link],
    );
    if (!fin) throw new Stopped();
  }

  /** Moves the bar and shows the job is alive; a job removed meanwhile stops here. */
  private async progress(id: string, done: number, total: number) {
    const [alive] = await this.ctx.db.query(
      `update ${F.table} set ${F.c.progress} = $2, ${F.c.total} = $3, "update_time" = now()
        where ${F.c.id} = $1 and "is_deleted" = 0 and ${F.c.exportStatus} = ${EXPORT_RUNNING} returning 1`,
      [id, done, total],
    );
    if (!alive) throw new Stopped();
  }
}

const runners = new WeakMap<AppContext, ExportRunner>();

/** This server copy's runner (made once; started by the export-file routes when the app is ready). */
export function runnerOf(ctx: AppContext, log: (msg: string, err?: unknown) => void = () => {}): ExportRunner {
  let r = runners.get(ctx);
  if (!r) {
    r = new ExportRunner(ctx, log);
    runners.set(ctx, r);
  }
  return r;
}

/** Queues an export of a checked template for the caller; the runner takes it up at once. */
export async function queueExport(ctx: AppContext, s: Scope, template: { id: string; templateName: string }, job: JobData) {
  const stamp = nowText(ctx.tz).replace(/[-: ]/g, '');
  const row = await insert(ctx.db, exportFile, s, {
    templateId: template.id,
    fileName: `${template.templateName}_${stamp}.xlsx`.slice(0, 200),
    resourceName: job.resourceName,
    exportStatus: EXPORT_QUEUED,
    progress: 0,
    total: 0,
    job: JSON.stringify(job),
  });
  runnerOf(ctx).kick();
  const { job: _hidden, ...shown } = row;
  return shown;
}
