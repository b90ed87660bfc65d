import { join } from 'node:path';
import type { Db } from '@civdesk/db';
import { logApi, logError, logUsual } from '@civdesk/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clipText } from '../../core/text.ts';
import { LogSpool } from './log-spool.ts';
import { LogWriter } from './log-writer.ts';
import { startRetention } from './retention.ts';
import { loggableParams, serverInfo, serviceOf } from './server-info.ts';

export type Logs = {
  writer: LogWriter;
  /** A notable event of the application (usual log). */
  usual(level: 'info' | 'warn' | 'error', logId: string, data: string): void;
  /** An unexpected failure of a request, stack trace included (kept server-side). */
  error(req: FastifyRequest, err: Error): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    logs: Logs;
  }
}

const cut = clipText;
const now = () => new Date().toISOString();

/**
 * The server's own logs: every API call (after its answer, batched), unexpected errors with their
 * stack, and notable events; old rows are purged after `log.retentionDays` (default 180).
 */
export function registerLogging(app: FastifyInstance, db: Db, dataDir: string, retentionDays: () => Promise<number>) {
  const writer = new LogWriter(db, (msg, err) => app.log.error({ err, logWriter: writer.stats() }, msg), {
    intervalMs: 1000,
    batch: 500,
    maxPending: 50_000,
    maxBackoffMs: 60_000,
    spool: new LogSpool(join(dataDir, 'log-spool')),
  });
  const base = { service_id: '', server_host: serverInfo.host, server_ip: serverInfo.ip, env: serverInfo.env };
  const logs: Logs = {
    writer,
    usual: (level, logId, data) =>
      writer.add(logUsual.table, {
        ...base,
        service_id: 'civdesk',
        log_level: level,
        log_id: cut(logId, 100),
        log_data: cut(data, 20_000),
        create_time: now(),
      }),
    error: (req, err) =>
      writer.add(logError.table, {
        ...base,
        tenant_id: req.scope?.caller.tenantId ?? '000000',
        service_id: serviceOf(req.url),
        method: req.method,
        request_uri: cut(req.url.split('?')[0], 255),
        user_agent: cut(req.headers['user-agent'], 1000),
        exception_name: cut(err.name, 255),
        message: cut(err.message, 4000),
        stack_trace: cut(err.stack, 20_000),
        params: loggableParams(req.query),
        remote_ip: cut(req.ip, 255),
        create_by: cut(req.scope?.caller.account, 64),
        create_time: now(),
      }),
  };
  app.decorate('logs', logs);

  app.addHook('onResponse', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.url.startsWith('/api/docs') || req.method === 'OPTIONS' || req.method === 'HEAD') return;
    writer.add(logApi.table, {
      ...base,
      tenant_id: req.scope?.caller.tenantId ?? '000000',
      service_id: serviceOf(req.url),
      type: '1',
      title: cut((req.routeOptions.schema as { summary?: string } | undefined)?.summary, 255),
      method: req.method,
      request_uri: cut(req.url.split('?')[0], 255),
      user_agent: cut(req.headers['user-agent'], 1000),
      remote_ip: cut(req.ip, 255),
      method_class: cut(req.routeOptions.url, 255),
      // The answer's status, so failed calls can be found in the list.
      method_name: String(reply.statusCode),
      params: loggableParams(req.query),
      time: String(Math.round(reply.elapsedTime)),
      create_by: cut(req.scope?.caller.account, 64),
      create_time: now(),
    });
  });
  const stop = startRetention(db, retentionDays, (table, n) => n && logs.usual('info', 'log-retention', `${table}: 删除 ${n} 条过期日志`));
  app.addHook('onClose', async () => {
    stop();
    await writer.close();
  });
}
