import { isDbUnavailable } from '@civdesk/db';
import type { FastifyError, FastifyInstance } from 'fastify';
import { fail, HttpError } from '../core/envelope.ts';

const pgMessages: Record<string, [number, string]> = {
  '22001': [400, '输入内容过长'],
  '22003': [400, '数值超出范围'],
  '22007': [400, '日期格式不正确'],
  '22008': [400, '日期超出范围'],
  '22P02': [400, '参数格式不正确'],
  // text with NUL or bytes the database cannot store (a hostile query value)
  '22021': [400, '参数包含非法字符'],
  '22P05': [400, '参数包含非法字符'],
  '23505': [400, '数据已存在'],
  '23503': [400, '关联数据不存在'],
  '57014': [503, '查询超时，请缩小查询范围'],
};

/** How long a client should wait before sending a request again after a database outage. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * One place turns every failure into the envelope: known errors keep their status and message,
 * a database complaint about input becomes a 400, an unreachable database a 503 with Retry-After,
 * anything else is a 500 with a generic text
 * and a server log entry (never a stack to the client).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    if (err instanceof HttpError) return reply.status(err.status).send(fail(err.status, err.message, err.data));
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send(fail(415, '不支持的请求内容类型'));
    if (err.validation || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(fail(400, `请求参数不正确: ${err.message}`));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const msg = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? '请求体过大' : err.statusCode === 400 ? '请求体格式不正确' : err.message;
      return reply.status(err.statusCode).send(fail(err.statusCode, msg));
    }
    if (isDbUnavailable(err)) {
      // The database is down or overloaded: the same request may well succeed in a moment.
      req.log.error({ err, url: req.url }, 'database unavailable');
      return reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send(fail(503, '服务暂时不可用，请稍后重试'));
    }
    const pg = err.code ? pgMessages[err.code] : undefined;
    if (pg) {
      req.log.warn({ err }, 'database rejected input');
      return reply.status(pg[0]).send(fail(pg[0], pg[1]));
    }
    req.log.error({ err, url: req.url }, 'unexpected error');
    req.server.logs?.error(req, err);
    return reply.status(500).send(fail(500, '服务器异常，请联系管理员'));
  });
}
