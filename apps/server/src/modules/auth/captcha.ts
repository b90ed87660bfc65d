import { randomUUID } from 'node:crypto';
import type { Db } from '@civdesk/db';
import svgCaptcha from 'svg-captcha';

const TTL_MINUTES = 5;

/** A new captcha: the code is kept in the database (several server copies agree), the image returned. */
export async function createCaptcha(db: Db): Promise<{ key: string; image: string }> {
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
