import type { Queryable } from '@civdesk/db';
import { decrypt, isEncrypted, secretKey } from '../secrets/cipher.ts';
import type { S3Setting } from './s3-store.ts';
import { StoreError } from './storage.ts';

const columns = `id::text id, category, endpoint, access_key "accessKey", secret_key "secretKey",
  bucket_name "bucketName", app_id "appId", region`;

// Read on every upload, not cached: one indexed row beside a file of up to 10 MB, and enabling
// another setting takes effect for the very next upload on every server copy.
async function one(db: Queryable, where: string, params: unknown[]): Promise<S3Setting | null> {
  const [row] = await db.query<S3Setting>(`select ${columns} from blade_oss where is_deleted = 0 and ${where} limit 1`, params);
  if (!row) return null;
  if (row.secretKey && isEncrypted(row.secretKey)) {
    try {
      // The same install key `secretOnWrite` encrypted it with (oss.hooks.ts).
      row.secretKey = decrypt(await secretKey(db, 'settings'), row.secretKey);
    } catch (e) {
      throw new StoreError(503, '对象存储的secretKey无法解密,请重新填写', { cause: e });
    }
  }
  return row;
}

/** The tenant's enabled setting (status 2, as `enable?id=` sets it), or null: the data folder. */
export const enabledSetting = (db: Queryable, tenantId: string) => one(db, 'tenant_id = $1 and status = 2', [tenantId]);

/** The setting a link names, enabled or not, as long as it belongs to the file's tenant. */
export const settingById = (db: Queryable, tenantId: string, id: string) => one(db, 'tenant_id = $1 and id = $2', [tenantId, id]);
