import type { Readable } from 'node:stream';
import type { Queryable } from '@civdesk/db';
import type { Resource } from '@civdesk/meta';
import type { AppContext } from '../../core/context.ts';
import { badRequest } from '../../core/envelope.ts';
import { localStore } from './local-store.ts';
import { settingById } from './oss-settings.ts';
import { s3Clients, s3Store } from './s3-store.ts';
import { FILES_BASE } from './storage.ts';

const STORED = new RegExp(
  `^${FILES_BASE.replaceAll('/', '\\/')}\\/file\\/([A-Za-z0-9_-]{1,32})\\/(\\d{8})\\/([0-9a-f]{32}\\.[a-z0-9]{1,8})(?:\\?oss=(\\d{1,19}))?$`,
);

const extOfLink = (link: string) =>
  (
    link
      .split(/[?#]/)[0]
      .split('/')
      .pop()
      ?.match(/\.([A-Za-z0-9]{1,8})$/)?.[1] ?? ''
  ).toLowerCase();

/** The size in bytes of a file this server stored, or null when there is no such file in the tenant. */
async function storedSize(ctx: AppContext, db: Queryable, tenantId: string, link: string): Promise<number | null> {
  const m = STORED.exec(link);
  if (!m) return null;
  const [, tenant, day, name, oss] = m;
  if (tenant !== tenantId) return null;
  const key = `${tenant}/${day}/${name}`;
  const drain = (f: { body: Readable; size?: number } | null) => {
    f?.body.destroy();
    return f ? (f.size ?? null) : null;
  };
  if (oss === undefined) return drain(await localStore(`${ctx.config.dataDir}/files`).get(key));
  const setting = await settingById(db, tenantId, oss);
  if (!setting) return null;
  const clients = s3Clients();
  try {
    return drain(await s3Store(setting, clients).get(key));
  } finally {
    clients.close();
  }
}

/**
 * The upload limits of a resource's file fields, on save: the address must end in an accepted
 * type, and a file stored by this server must be the caller's tenant's and within the field's
 * size (the form checks both before uploading; this holds for any client). Other addresses
 * are not fetched: the server never reaches out to a typed address.
 */
export async function checkUploads(ctx: AppContext, db: Queryable, r: Resource, values: Record<string, unknown>, tenantId: string) {
  for (const [key, f] of Object.entries(r.fields)) {
    const v = values[key];
    if (!f.upload || typeof v !== 'string' || v === '') continue;
    const label = f.label.zh;
    if (!f.upload.accept.includes(extOfLink(v))) throw badRequest(`${label}只能是${f.upload.accept.join('/')}格式的文件`);
    if (!v.startsWith(`${FILES_BASE}/file/`)) continue;
    const size = await storedSize(ctx, db, tenantId, v);
    if (size === null) throw badRequest(`${label}文件不存在，请重新上传`);
    if (size > f.upload.maxKb * 1024) throw badRequest(`${label}不能超过${f.upload.maxKb}KB`);
  }
}

// The app context a write hook needs to find stored files, by the parameter store every write
// context carries (one per app): hooks are shared objects, apps are many (tests build several).
const contexts = new WeakMap<object, AppContext>();
/** Called from a resource's `routes` hook, which receives the app context. */
export const rememberContext = (ctx: AppContext) => contexts.set(ctx.params, ctx);
/** A `beforeWrite` body: the upload limits of the row's file fields (after `rememberContext`). */
export async function uploadLimitsOnWrite(
  w: { params: object; db: Queryable; resource: Resource; tenantId: string },
  values: Record<string, unknown>,
) {
  const ctx = contexts.get(w.params);
  if (!ctx) throw new Error(`${w.resource.name}: upload limits need the app context (rememberContext in its routes hook)`);
  await checkUploads(ctx, w.db, w.resource, values, w.tenantId);
}
