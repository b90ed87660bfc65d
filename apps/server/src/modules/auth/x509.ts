// @peculiar/x509 resolves its algorithms through tsyringe, which needs the Reflect metadata
// polyfill loaded first; every use of the library goes through this module so the order holds.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { cryptoProvider, X509Certificate, X509Crl } from '@peculiar/x509';

// Node's Web Crypto (the library's type is the DOM one, which this project does not load).
cryptoProvider.set(webcrypto as never);

export { X509Certificate, X509Crl };

/**
 * The DER bytes of a certificate or CRL given as PEM, base64 DER, or PEM/base64 with its
 * line breaks turned into spaces or URL-escaped (how proxies put a certificate in a header).
 */
export function derOf(text: string, label: 'CERTIFICATE' | 'CRL'): Buffer | null {
  let t = text.trim();
  if (t.includes('%')) {
    try {
      t = decodeURIComponent(t);
    } catch {
      return null;
    }
  }
  // CRLs are labelled `X509 CRL` by OpenSSL and `CRL` by some other tools.
  const l = label === 'CRL' ? '(?:X509 )?CRL' : label;
  const pem = new RegExp(`-----BEGIN ${l}-----([\\s\\S]*?)-----END ${l}-----`).exec(t);
  const body = (pem ? pem[1] : t).replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+=*$/.test(body)) return null;
  return Buffer.from(body, 'base64');
}

export function parseCertificate(text: string | Uint8Array): X509Certificate | null {
  const der = typeof text === 'string' ? derOf(text, 'CERTIFICATE') : text;
  if (!der?.length) return null;
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}

export function parseCrl(text: string | Uint8Array): X509Crl | null {
  const der = typeof text === 'string' ? derOf(text, 'CRL') : text;
  if (!der?.length) return null;
  try {
    return new X509Crl(der);
  } catch {
    return null;
  }
}

/** Serial numbers compare as lower-case hex without separators or leading zeros. */
export const normalSerial = (s: string) =>
  s
    .replace(/[\s:]/g, '')
    .toLowerCase()
    .replace(/^0+(?=.)/, '');
