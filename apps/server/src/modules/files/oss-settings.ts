import type { Queryable } from '@civdesk/db';
import { oss } from '@civdesk/resources';
import { decrypt, isEncrypted, secretKey } from '../../core/cipher.ts';
import { sqlOf } from '../../core/table-sql.ts';
import type { S3Setting } from './s3-store.ts';
import { StoreError } from './storage.ts';

const O = sqlOf(oss);
const o = O.c;
const columns = `${o.id}::text as id, ${o.category} as category, ${o.endpoint} as endpoint, ${o.accessKey} as "accessKey",
  ${o.secretKey} as "secretKey", ${o.bucketName} as "bucketName", ${o.appId} as "appId", ${o.region} as region`;

// Read on every upload, not cached: one indexed row beside a file of up to 10 MB, and enabling
// another setting takes effect for the very next upload on every server copy.
async function one(db: Queryable, tenantId: string, where: string, params: unknown[]): Promise<S3Setting | null> {
  const [row] = await db.query<S3Setting>(`select ${columns} from ${O.table} where ${O.live('$1')} and ${where} limit 1`, [
    tenantId,
    ...params,
  ]);
  if (!row) return null;
  if (row.secretKey && isEncrypted(row.secretKey)) {
    try {
      // The same install key `secretOnWrite` encrypted it with (oss.hooks.ts).
      row.secretKey = decrypt(await secretKey(db, 'settings'), row.secretKey);
    } catch (e) {
      throw new StoreError(503, '对象存储的secretKey无法解密，请重新填写', { cause: e });
    }
  }
  return row;
}

/** The tenant's enabled setting (status 2, as `enable?id=` sets it), or null: the data folder. */
export const enabledSetting = (db: Queryable, tenantId: string) => one(db, tenantId, `${o.status} = 2`, []);

/** The setting a link names, enabled or not, as long as it belongs to the file's tenant. */
export const settingById = (db: Queryable, tenantId: string, id: string) => one(db, tenantId, `${o.id} = $2`, [id]);
