import { S3ServiceException } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { type S3Setting, s3ConfigOf, storeErrorOf } from './s3-store.ts';
import { StoreError } from './storage.ts';

const setting = (over: Partial<S3Setting> = {}): S3Setting => ({
  id: '1',
  category: 1,
  endpoint: 'http://127.0.0.1:9000',
  accessKey: 'ak',
  secretKey: 'sk',
  bucketName: 'files',
  appId: null,
  region: null,
  ...over,
});

describe('S3 settings', () => {
  it('addresses MinIO path-style and the cloud stores virtual-hosted', () => {
    const minio = s3ConfigOf(setting());
    expect(minio.config).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', forcePathStyle: true });
    expect(minio.bucket).toBe('files');
    for (const category of [2, 3, 4]) {
      expect(s3ConfigOf(setting({ category, endpoint: 'oss-cn-hangzhou.aliyuncs.com' })).config).toMatchObject({
        endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
        forcePathStyle: false,
      });
    }
    expect(s3ConfigOf(setting({ region: ' cn-east-1 ' })).config.region).toBe('cn-east-1');
  });

  it('names a Tencent COS bucket with its app id once', () => {
    expect(s3ConfigOf(setting({ category: 4, appId: '1250000000' })).bucket).toBe('files-1250000000');
    expect(s3ConfigOf(setting({ category: 4, appId: '1250000000', bucketName: 'files-1250000000' })).bucket).toBe('files-1250000000');
    expect(s3ConfigOf(setting({ category: 3, appId: '1250000000' })).bucket).toBe('files');
  });

  it('refuses an incomplete setting as unavailable', () => {
    for (const over of [{ endpoint: ' ' }, { bucketName: null }, { accessKey: '' }, { secretKey: null }, { endpoint: 'http://[bad' }]) {
      expect(() => s3ConfigOf(setting(over))).toThrow(StoreError);
    }
  });

  it('tells a refusal of the store from an unreachable one', () => {
    const refused = new S3ServiceException({ name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 } });
    expect(storeErrorOf(refused)).toMatchObject({ status: 502, message: '对象存储拒绝了请求(AccessDenied)' });
    const failing = new S3ServiceException({ name: 'InternalError', $fault: 'server', $metadata: { httpStatusCode: 500 } });
    expect(storeErrorOf(failing)).toMatchObject({ status: 503, message: '对象存储不可用' });
    expect(storeErrorOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toMatchObject({ status: 503 });
  });
});
