import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';
import { loggerOptions } from './logging.ts';

async function linesAt(level: string) {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify(loggerOptions(level, { write: (line) => lines.push(JSON.parse(line)) }));
  registerErrorHandling(app);
  app.get('/fine', async () => ({ ok: true }));
  app.get('/explode', async () => {
    throw new TypeError('kaboom');
  });
  expect((await app.inject({ method: 'GET', url: '/fine' })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: '/explode' })).statusCode).toBe(500);
  await app.close();
  return lines;
}

describe('server logger', () => {
  it('writes no line per request at info, but still the errors', async () => {
    const lines = await linesAt('info');
    expect(lines.map((l) => l.msg)).not.toContain('request completed');
    expect(lines.map((l) => l.msg)).not.toContain('incoming request');
    expect(lines.filter((l) => l.level >= 50).map((l) => l.msg)).toEqual(['unexpected error']);
  });

  it('writes the request lines again at debug', async () => {
    const msgs = (await linesAt('debug')).map((l) => l.msg);
    expect(msgs.filter((m) => m === 'request completed')).toHaveLength(2);
    expect(msgs).toContain('unexpected error');
  });
});
