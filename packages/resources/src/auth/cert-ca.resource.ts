import { defineResource } from '@civdesk/meta';
import { L, yesNo12 } from '../labels.ts';
import { authorityGroup } from '../menu-groups.ts';

// A self-signed example CA and its empty CRL (valid until 2126): the OpenAPI document's sample values.
const EXAMPLE_CA =
  '-----BEGIN CERTIFICATE-----\nMIIBLjCB1KADAgECAgEBMAoGCCqGSM49BAMCMBUxEzARBgNVBAMTCkV4YW1wbGUg\nQ0EwIBcNMjYwMTAxMDAwMDAwWhgPMjEyNjAxMDEwMDAwMDBaMBUxEzARBgNVBAMT\nCkV4YW1wbGUgQ0EwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQyZcx0IrniEdU9\nzu16M7aJW5a8dAheiG+ExFKe8FRrfZy9Be7i0e8EBC1gMMCb3OBuvPTbBZo7Y13E\ndsnK0MJkoxMwETAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kAMEYCIQCe\nGntIGD0vlKHl2+5iExe/ty9wB4qsatnMzLGVluiBNQIhAKmiAMxo7iTx/lQvOgEC\nFBR0Tws+b1i4+t4mPTi+89rf\n-----END CERTIFICATE-----';
const EXAMPLE_CRL =
  '-----BEGIN X509 CRL-----\nMIGfMEYCAQEwCgYIKoZIzj0EAwIwFTETMBEGA1UEAxMKRXhhbXBsZSBDQRcNMjYw\nMTAxMDAwMDAwWhgPMjEyNjAxMDEwMDAwMDBaMAoGCCqGSM49BAMCA0kAMEYCIQC7\nl79oJ2412eFw6vWSxOFcHF7agL7NEshP7a9Kw+yaRgIhAKBwbzfYS0ZiQkspaldN\nRvpOvzQfPB5c3T+Ugb/cboh6\n-----END X509 CRL-----';

// The certificate authorities whose client certificates a tenant's users may sign in with, each
// with its latest revocation list. Subject and validity are read from the certificate on save.
export const certCa = defineResource({
  name: 'cert-ca',
  table: 'blade_cert_ca',
  label: L('证书颁发机构', 'Certificate authorities'),
  api: '/api/blade-system/cert-ca',
  menu: { group: authorityGroup, icon: 'SecurityScanOutlined' },
  tenant: true,
  softDelete: true,
  defaultSort: [{ field: 'caName', dir: 'asc' }],
  fields: {
    caName: { type: 'string', label: L('名称', 'Name'), max: 64, required: true, list: true, search: true },
    certificate: {
      type: 'text',
      label: L('CA证书（PEM）', 'CA certificate (PEM)'),
      max: 20000,
      required: true,
      form: { span: 24 },
      example: EXAMPLE_CA,
    },
    crl: {
      type: 'text',
      label: L('证书吊销列表（PEM或Base64编码的DER）', 'Revocation list (PEM or base64 DER)'),
      max: 2_000_000,
      form: { span: 24 },
      example: EXAMPLE_CRL,
    },
    subject: { type: 'string', label: L('证书主题', 'Subject'), max: 500, serverOnly: true, list: { ellipsis: true } },
    notAfter: { type: 'datetime', label: L('有效期至', 'Valid until'), serverOnly: true, list: true },
    crlUpdate: { type: 'datetime', label: L('吊销列表更新时间', 'CRL issued at'), serverOnly: true, list: true },
    enabled: { type: 'enum', int: true, options: yesNo12, default: 2, label: L('是否启用', 'Enabled'), required: true, list: true },
  },
});
