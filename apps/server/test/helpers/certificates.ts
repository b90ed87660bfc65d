// The x509 module first: it loads the Reflect polyfill the library needs.
import '../../src/modules/auth/x509.ts';
import { webcrypto } from 'node:crypto';
import { BasicConstraintsExtension, type X509Certificate, X509CertificateGenerator, X509CrlGenerator } from '@peculiar/x509';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

// Certificates the tests issue themselves: a CA, client certificates it signs, its revocation
// list, and a server certificate for the HTTPS listener.
const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;
let serial = 0x1000 + Math.floor(Math.random() * 0xffff);

export type Issued = { cert: X509Certificate; pem: string; keyPem: string };
export type Ca = Issued & { keys: CryptoKeyPair };

const keyPem = async (k: CryptoKey) => {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', k as never));
  return `-----BEGIN PRIVATE KEY-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END PRIVATE KEY-----\n`;
};
const newKeys = () => webcrypto.subtle.generateKey(alg, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;

export async function newCa(name: string, o: { from?: number; to?: number } = {}): Promise<Ca> {
  const keys = await newKeys();
  const cert = await X509CertificateGenerator.createSelfSigned({
    serialNumber: (serial++).toString(16),
    name: `CN=${name}, O=Civdesk Test`,
    notBefore: new Date(Date.now() + (o.from ?? -DAY)),
    notAfter: new Date(Date.now() + (o.to ?? 365 * DAY)),
    keys,
    signingAlgorithm: alg,
    extensions: [new BasicConstraintsExtension(true, undefined, true)],
  });
  return { cert, keys, pem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey) };
}

/** A certificate signed by `ca`, valid from `from` to `to` milliseconds from now. */
export async function issue(ca: Ca, subject: string, o: { from?: number; to?: number } = {}): Promise<Issued> {
  const keys = await newKeys();
  const cert = await X509CertificateGenerator.create({
    serialNumber: (serial++).toString(16),
    subject,
    issuer: ca.cert.subject,
    notBefore: new Date(Date.now() + (o.from ?? -DAY)),
    notAfter: new Date(Date.now() + (o.to ?? 30 * DAY)),
    signingAlgorithm: alg,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
  });
  return { cert, pem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey) };
}

/** The CA's revocation list naming these certificates, as DER bytes. */
export async function crlOf(ca: Ca, revoked: X509Certificate[]): Promise<Buffer> {
  const crl = await X509CrlGenerator.create({
    issuer: ca.cert.subject,
    thisUpdate: new Date(Date.now() - DAY),
    nextUpdate: new Date(Date.now() + 7 * DAY),
    entries: revoked.map((c) => ({ serialNumber: c.serialNumber, revocationDate: new Date(Date.now() - DAY) })),
    signingAlgorithm: alg,
    signingKey: ca.keys.privateKey,
  });
  return Buffer.from(crl.rawData);
}
