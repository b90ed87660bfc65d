import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';
import { DUMMY_ACCOUNT } from '@20minutes/s3rver/lib/models/account.js';

/**
 * An S3-compatible server in this process, on a free port over a temporary folder: the stand-in
 * for MinIO or a cloud store, which the project does not own. It checks request signatures with
 * the key pair given here.
 */
export async function startS3(o: { bucket: string; accessKey: string; secretKey: string }) {
  DUMMY_ACCOUNT.createKeyPair(o.accessKey, o.secretKey);
  const directory = mkdtempSync(join(tmpdir(), 'civdesk-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: o.bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on: taken from the system, then released. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}
