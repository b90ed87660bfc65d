import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '@civdesk/db';
import { user } from '@civdesk/resources';
import { FreshCache } from './fresh-cache.ts';
import { sqlOf } from './table-sql.ts';

const U = sqlOf(user, 'u');

/** How long a session check, once read, is trusted: revocation reaches every server copy within it. */
export const SESSION_CACHE_MS = 1000;

/** A session as every request sees it: is it live, whose is it, and what the user holds right now. */
export type SessionState = {
  live: boolean;
  idleSeconds: number;
  userId: string;
  tenantId: string;
  clientId: string;
  /** Switch mode: the department and role chosen at sign-in (null = all of the user's). */
  chosenDept: string | null;
  chosenRole: string | null;
  userActive: boolean;
  /** The user still has an initial password (set by an administrator): most calls are refused. */
  initPassword: boolean;
  roleIds: string[];
  deptIds: string[];
};

type SessionRow = {
  tenantId: string;
  userId: string;
  clientId: string;
  deptId: string | null;
  roleId: string | null;
  live: boolean;
  idle: number;
  /** Seconds since sign-in (the absolute lifetime counts from it). */
  age: number;
};

const split = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Sessions and their refresh tokens in the database (so several server copies agree), with a
 * per-copy cache of at most SESSION_CACHE_MS so a request costs no query most of the time.
 */
export class SessionStore {
  private cache = new FreshCache<SessionState | null>(SESSION_CACHE_MS);

  constructor(private db: Db) {}

  async create(
    q: Queryable,
    s: { tenantId: string; userId: string; clientId: string; deptId: string | null; roleId: string | null; ip: string; seconds: number },
  ): Promise<string> {
    const id = randomUUID();
    await q.query(
      `insert into blade_auth_session (id, tenant_id, user_id, client_id, dept_id, role_id, remote_ip, expire_time)
       values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
      [id, s.tenantId, s.userId, s.clientId, s.deptId, s.roleId, s.ip.slice(0, 64), s.seconds],
    );
    return id;
  }

  /** A new opaque refresh token for a session (256 random bits); only its hash is stored. */
  async newRefreshToken(q: Queryable, sessionId: string, seconds: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await q.query(
      `with gone as (delete from blade_refresh_token where expire_time < now() - interval '1 day')
       insert into blade_refresh_token (token_hash, session_id, expire_time) values ($1, $2, now() + make_interval(secs => $3))`,
      [sha256(token), sessionId, seconds],
    );
    await q.query('update blade_auth_session set expire_time = now() + make_interval(secs => $2) where id = $1', [sessionId, seconds]);
    return token;
  }

  /** The session a refresh token belongs to, and whether it was used already; null for an unknown or expired one. */
  async findRefreshToken(q: Queryable, token: string): Promise<{ sessionId: string; used: boolean } | null> {
    if (!/^[\w-]{20,100}$/.test(token)) return null;
    const [row] = await q.query<{ sessionId: string; used: boolean }>(
      `select session_id as "sessionId", used_time is not null as used from blade_refresh_token
        where token_hash = $1 and expire_time > now()`,
      [sha256(token)],
    );
    return row ?? null;
  }

  /** Uses a refresh token once: false when another request used it first (a reuse). */
  async useRefreshToken(q: Queryable, token: string): Promise<boolean> {
    const rows = await q.query('update blade_refresh_token set used_time = now() where token_hash = $1 and used_time is null returning 1', [
      sha256(token),
    ]);
    return rows.length === 1;
  }

  /** A live session's owner and switch-mode choice. */
  async find(q: Queryable, sessionId: string): Promise<SessionRow | null> {
    const [row] = await q.query<SessionRow>(
      `select tenant_id as "tenantId", user_id::text as "userId", client_id as "clientId", dept_id::text as "deptId",
              role_id::text as "roleId", revoked_time is null and expire_time > now() as live,
              extract(epoch from now() - last_active_time)::int as idle,
              extract(epoch from now() - create_time)::int as age
         from blade_auth_session where id = $1`,
      [sessionId],
    );
    return row ?? null;
  }

  async revoke(q: Queryable, sessionId: string, reason: string): Promise<void> {
    await q.query('update blade_auth_session set revoked_time = now(), revoke_reason = $2 where id = $1 and revoked_time is null', [
      sessionId,
      reason,
    ]);
    this.cache.delete(sessionId);
  }

  /** Ends every session of these users (password change or reset, disabling). */
  async revokeUsers(q: Queryable, userIds: string[], reason: string): Promise<void> {
    await q.query(
      'update blade_auth_session set revoked_time = now(), revoke_reason = $2 where user_id = any($1::bigint[]) and revoked_time is null',
      [userIds, reason],
    );
    this.cache.clear();
  }

  /** Switch mode: a refresh may choose another department or role; later refreshes keep it. */
  async choose(q: Queryable, sessionId: string, deptId: string | null, roleId: string | null): Promise<void> {
    await q.query('update blade_auth_session set dept_id = $2, role_id = $3 where id = $1', [sessionId, deptId, roleId]);
    this.cache.delete(sessionId);
  }

  /** The session behind a token, from a reading at most SESSION_CACHE_MS old (fresh-cache.ts says how). */
  check(sessionId: string): Promise<SessionState | null> {
    return this.cache.get(sessionId, () => this.read(sessionId));
  }

  private async read(sessionId: string): Promise<SessionState | null> {
    const [row] = await this.db.query<{
      live: boolean;
      idle: number;
      userId: string;
      tenantId: string;
      clientId: string;
      chosenDept: string | null;
      chosenRole: string | null;
      active: boolean;
      initPassword: boolean;
      roleId: string | null;
      deptId: string | null;
    }>(
      `select s.revoked_time is null and s.expire_time > now() as live, extract(epoch from now() - s.last_active_time)::int as idle,
              s.user_id::text as "userId", s.tenant_id as "tenantId", s.client_id as "clientId",
              s.dept_id::text as "chosenDept", s.role_id::text as "chosenRole",
              (${U.c.status} = 1 and ${U.live('s.tenant_id')} and coalesce(${U.c.auditStatus}, '1') = '1') as active,
              coalesce(${U.c.initPassword}, 0) = 1 as "initPassword", ${U.c.roleId} as "roleId", ${U.c.deptId} as "deptId"
         from blade_auth_session s join ${U.table} on ${U.c.id} = s.user_id and ${U.tenant('s.tenant_id')}
        where s.id = $1`,
      [sessionId],
    );
    return row
      ? {
          live: row.live,
          idleSeconds: row.idle,
          userId: row.userId,
          tenantId: row.tenantId,
          clientId: row.clientId,
          chosenDept: row.chosenDept,
          chosenRole: row.chosenRole,
          userActive: row.active,
          initPassword: row.initPassword,
          roleIds: split(row.roleId),
          deptIds: split(row.deptId),
        }
      : null;
  }

  /** Marks activity (for the idle timeout), at most every 30 s per session. */
  touch(state: SessionState, sessionId: string): void {
    if (state.idleSeconds < 30) return;
    state.idleSeconds = 0;
    this.db.query('update blade_auth_session set last_active_time = now() where id = $1', [sessionId]).catch(() => {});
  }

  forget(sessionId?: string): void {
    if (sessionId) this.cache.delete(sessionId);
    else this.cache.clear();
  }
}
