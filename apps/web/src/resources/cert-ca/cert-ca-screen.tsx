import type { Resource } from '@civdesk/meta';
import { useRef } from 'react';
import { postData } from '../../api/request.ts';
import { toastSuccess } from '../../api/toast.ts';
import { ResourcePage, type ResourcePageHandle } from '../../crud/resource-page.tsx';
import { useLang } from '../../i18n/index.ts';

const texts = {
  upload: { zh: '上传吊销列表', en: 'Upload CRL' },
  done: { zh: '吊销列表已更新', en: 'Revocation list updated' },
};

/**
 * Certificate authorities: besides pasting a revocation list in the form, a row takes the CA's
 * `.crl` file as published (PEM or DER); the server checks it is that CA's.
 */
export function CertCaScreen({ resource }: { resource: Resource }) {
  const lang = useLang();
  const list = useRef<ResourcePageHandle>(null);
  const picker = useRef<HTMLInputElement>(null);
  const target = useRef('');
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    try {
      await postData(`${resource.api}/upload-crl`, form, { params: { id: target.current } });
      toastSuccess(texts.done[lang]);
      list.current?.reload();
    } catch {
      // the request layer has said why
    }
  };
  return (
    <>
      <input
        ref={picker}
        type="file"
        accept=".crl,.pem,.der"
        hidden
        data-testid="crl-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <ResourcePage
        handle={list}
        resource={resource}
        rowActions={[
          {
            key: 'crl',
            label: texts.upload[lang],
            perm: 'cert-ca_edit',
            onClick: (row) => {
              target.current = String(row.id);
              picker.current?.click();
            },
          },
        ]}
      />
    </>
  );
}
