import type { ColumnSpec, TableSpec } from './table-spec.ts';

// Electronic signing of an application's documents. A signing element of a step (mat-wf-element-
// electronic-sign) generates a PDF from its print template; each signature stamps an image onto the
// latest PDF and records the resulting file's SHA-256. Generating again voids the earlier document
// and its signatures (they stay, status `void`, for the record). Every row carries its tenant.

const id: ColumnSpec = { name: 'id', type: 'bigint', primaryKey: true, notNull: true };
const tenant: ColumnSpec = { name: 'tenant_id', type: 'varchar(12)', notNull: true };
const col = (name: string, type: string, o: Partial<ColumnSpec> = {}): ColumnSpec => ({ name, type, ...o });

export const approveSignTables: TableSpec[] = [
  {
    // One generated document: status unsigned → signed → void (re-generated).
    name: 'biz_signed_doc',
    columns: [
      id,
      tenant,
      col('apply_id', 'bigint', { notNull: true }),
      col('element_id', 'bigint', { notNull: true }),
      col('sign_id', 'bigint', { notNull: true }),
      col('print_template_id', 'bigint', { notNull: true }),
      col('material_id', 'bigint'),
      col('file_link', 'varchar(500)', { notNull: true }),
      col('file_sha256', 'varchar(64)', { notNull: true }),
      col('signed_link', 'varchar(500)'),
      col('signed_sha256', 'varchar(64)'),
      col('status', 'varchar(10)', { notNull: true, default: "'unsigned'" }),
      col('sign_count', 'integer', { notNull: true, default: '0' }),
      col('create_user', 'bigint'),
      col('create_time', 'timestamptz', { notNull: true, default: 'now()' }),
      col('update_time', 'timestamptz', { notNull: true, default: 'now()' }),
    ],
    indexes: [{ name: 'biz_signed_doc_apply_ix', columns: ['tenant_id', 'apply_id', 'element_id'] }],
  },
  {
    // One signature on a document: who, when, the image, where, and the signed PDF it produced.
    name: 'biz_signature',
    columns: [
      id,
      tenant,
      col('doc_id', 'bigint', { notNull: true }),
      col('apply_id', 'bigint', { notNull: true }),
      col('signer_id', 'bigint', { notNull: true }),
      col('signer_name', 'varchar(100)'),
      col('sign_time', 'timestamptz', { notNull: true, default: 'now()' }),
      col('image_link', 'varchar(500)', { notNull: true }),
      col('pdf_link', 'varchar(500)', { notNull: true }),
      col('pdf_sha256', 'varchar(64)', { notNull: true }),
      col('page_no', 'integer', { notNull: true }),
      col('pos_x', 'integer', { notNull: true }),
      col('pos_y', 'integer', { notNull: true }),
      col('width', 'integer', { notNull: true }),
      col('status', 'varchar(10)', { notNull: true, default: "'valid'" }),
    ],
    indexes: [{ name: 'biz_signature_doc_ix', columns: ['tenant_id', 'doc_id'] }],
  },
];
