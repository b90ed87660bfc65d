import type { Readable } from 'node:stream';

/** Where an upload's answer points: the file route of this server, which reads from the store. */
export const FILES_BASE = '/api/blade-resource/oss/endpoint';

/**
 * Where uploaded files live: the data folder, or an S3-compatible store. Keys are
 * `<tenant>/<yyyyMMdd>/<random>.<ext>`, made by the server, never by the caller.
 */
export interface FileStore {
  /** Stores the bytes whole or not at all; answers the link the web app puts in a field. */
  put(key: string, body: Buffer, contentType: string): Promise<{ link: string }>;
  /** The file, or null when the store has no such key. */
  get(key: string): Promise<{ body: Readable; size?: number } | null>;
}

/**
 * The store failed, not the caller: 502 when it answered with a refusal (wrong key, no such
 * bucket), 503 when it could not be reached or its setting cannot be used; 403 when the server
 * will not contact its host (`oss.allowedHosts`).
 */
export class StoreError extends Error {
  constructor(
    readonly status: 403 | 502 | 503,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Whether `host` is on the comma-separated allow-list (`*.example.com` also matches its subdomains). */
export function hostAllowed(host: string, allowList: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return allowList
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean)
    .some((x) => (x.startsWith('*.') ? h.endsWith(x.slice(1)) && h.length > x.length - 1 : h === x));
}
