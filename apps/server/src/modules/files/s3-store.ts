import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig, S3ServiceException } from '@aws-sdk/client-s3';
import { FILES_BASE, type FileStore, StoreError } from './storage.ts';

/** An object-storage setting (a row of the `oss` resource) with its secret decrypted. */
export type S3Setting = {
  id: string;
  category: number;
  endpoint: string | null;
  accessKey: string | null;
  secretKey: string | null;
  bucketName: string | null;
  appId: string | null;
  region: string | null;
};

const MINIO = 1;
const TENCENT = 4;

/**
 * The SDK's settings for one stored setting. MinIO-like stores (category 1) are addressed
 * path-style (`endpoint/bucket/key`); the cloud stores (Qiniu, Aliyun OSS, Tencent COS) only take
 * virtual-hosted addresses (`bucket.endpoint/key`) for new buckets. A COS bucket is named
 * `<bucket>-<appId>`.
 */
export function s3ConfigOf(s: S3Setting): { config: S3ClientConfig; bucket: string } {
  const raw = s.endpoint?.trim() ?? '';
  let bucket = s.bucketName?.trim() ?? '';
  if (!raw || !bucket || !s.accessKey || !s.secretKey) {
    throw new StoreError(503, '对象存储配置不完整（需要资源地址、accessKey、secretKey和空间名）');
  }
  const endpoint = /^https?:\/\//i.test(raw) ? raw : `https://${raw}`;
  if (!URL.canParse(endpoint)) throw new StoreError(503, '对象存储的资源地址不正确');
  const appId = s.appId?.trim();
  if (s.category === TENCENT && appId && !bucket.endsWith(`-${appId}`)) bucket = `${bucket}-${appId}`;
  return {
    bucket,
    config: {
      endpoint,
      region: s.region?.trim() || 'us-east-1',
      forcePathStyle: s.category === MINIO,
      // Given here so the SDK never looks for credentials in the environment or instance metadata.
      credentials: { accessKeyId: s.accessKey, secretAccessKey: s.secretKey },
      // Many S3-compatible stores refuse the newer default checksums; send them only when required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store fails the upload in seconds instead of holding the request.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
    },
  };
}

/** One SDK client per distinct setting (it keeps connections open); destroyed with the app. */
export function s3Clients() {
  const clients = new Map<string, S3Client>();
  return {
    of(c: S3ClientConfig): S3Client {
      const key = JSON.stringify([c.endpoint, c.region, c.forcePathStyle, c.credentials]);
      let client = clients.get(key);
      if (!client) {
        // Settings are few; an old client is dropped (not destroyed: a download may still read from it).
        if (clients.size >= 32) clients.delete(clients.keys().next().value as string);
        client = new S3Client(c);
        clients.set(key, client);
      }
      return client;
    },
    close() {
      for (const c of clients.values()) c.destroy();
      clients.clear();
    },
  };
}
export type S3Clients = ReturnType<typeof s3Clients>;

/** A refusal the store answered (4xx) is 502 with its code; anything else means it is unavailable. */
export function storeErrorOf(e: unknown): StoreError {
  if (e instanceof StoreError) return e;
  if (e instanceof S3ServiceException && e.$fault === 'client') {
    return new StoreError(502, `对象存储拒绝了请求(${e.name})`, { cause: e });
  }
  return new StoreError(503, '对象存储不可用', { cause: e });
}

/** Files in an S3-compatible bucket under the same keys as the data folder. */
export function s3Store(s: S3Setting, clients: S3Clients): FileStore {
  const { config, bucket } = s3ConfigOf(s);
  const client = clients.of(config);
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType })).catch((e) => {
        throw storeErrorOf(e);
      });
      // The link names the setting, so the file stays readable after another one is enabled.
      return { link: `${FILES_BASE}/file/${key}?oss=${s.id}` };
    },
    async get(key) {
      try {
        const o = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { body: o.Body as Readable, size: o.ContentLength };
      } catch (e) {
        if (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404) return null;
        throw storeErrorOf(e);
      }
    },
  };
}
