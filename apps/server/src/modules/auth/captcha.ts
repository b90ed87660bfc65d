import { randomUUID } from 'node:crypto';
import type { Db } from '@civdesk/db';
import type { FastifyReply } from 'fastify';
import svgCaptcha from 'svg-captcha';
import { HttpError } from '../../core/envelope.ts';
import { countCalls, ipKey } from './lockout.ts';

const TTL_MINUTES = 5;
/** Captchas per window from all addresses together: live rows stay below this (each lives one window). */
const ALL_LIMIT = 5000;

/**
 * A new captcha: the code is kept in the database (several server copies agree), the image
 * returned. Each address gets at most `perAddress` within a window of TTL_MINUTES, all of them
 * together ALL_LIMIT (so the table stays small); beyond, 429 with Retry-After.
 */
export async function createCaptcha(db: Db, ip: string, perAddress: number, reply: FastifyReply): Promise<{ key: string; image: string }> {
  const [mine, all] = [ipKey(`captcha:${ip}`), 'captcha:*'];
  const counts = await countCalls(db, [mine, all], TTL_MINUTES);
  if ((counts.get(mine) ?? 0) > perAddress || (counts.get(all) ?? 0) > ALL_LIMIT) {
    reply.header('retry-after', String(TTL_MINUTES * 60 - (Math.floor(Date.now() / 1000) % (TTL_MINUTES * 60))));
    throw new HttpError(429, '验证码请求过于频繁，请稍后再试');
  }
  const c = svgCaptcha.create({ size: 5, noise: 2, width: 130, height: 48, ignoreChars: '0oO1ilI' });
  const key = randomUUID();
  await db.query(
    `with gone as (delete from blade_captcha where expire_time < now())
     insert into blade_captcha (captcha_key, code, expire_time) values ($1, $2, now() + interval '${TTL_MINUTES} minutes')`,
    [key, c.text.toLowerCase()],
  );
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** Checks a code case-insensitively and consumes it: a captcha works once, right or wrong. */
export async function consumeCaptcha(db: Db, key: string, code: string): Promise<boolean> {
  if (!key || !code) return false;
  const rows = await db.query<{ code: string }>(
    'delete from blade_captcha where captcha_key = $1 and expire_time >= now() returning code',
    [key],
  );
  return rows.length === 1 && rows[0].code === code.trim().toLowerCase();
}
