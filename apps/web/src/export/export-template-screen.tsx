import { permCode, type Resource } from '@civdesk/meta';
import { exportFile } from '@civdesk/resources';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { postData } from '../api/request.ts';
import { toastSuccess } from '../api/toast.ts';
import { ResourcePage, type ResourcePageHandle } from '../crud/resource-page.tsx';
import { useLang } from '../i18n/index.ts';
import { ExportTemplateEditor } from './export-template-editor.tsx';
import { T } from './export-texts.ts';

/**
 * Export templates: the generic list, with the template's own dialog for add and edit (data,
 * columns with their headers, filters — ExportTemplateEditor) and 导出 per row, which queues a
 * background export and opens 我的导出 to follow it.
 */
export function ExportTemplateScreen({ resource }: { resource: Resource }) {
  const lang = useLang();
  const navigate = useNavigate();
  const list = useRef<ResourcePageHandle>(null);
  // undefined: closed; null: a new template; an id: that template.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const start = async (id: string) => {
    try {
      await postData(`${resource.api}/doExport`, null, { params: { id } });
    } catch {
      return; // the request layer has shown the refusal
    }
    toastSuccess(T.started[lang]);
    if (exportFile.menu) navigate(exportFile.menu.path);
  };
  return (
    <>
      <ResourcePage
        resource={resource}
        handle={list}
        can={{ add: false, edit: false }}
        toolbarActions={[
          { key: 'export-template-add', label: T.add[lang], perm: permCode(resource, 'add'), onClick: () => setEditing(null) },
        ]}
        rowActions={[
          { key: 'modify', label: T.edit[lang], perm: permCode(resource, 'edit'), onClick: (row) => setEditing(String(row.id)) },
          { key: 'export', label: T.export[lang], perm: permCode(resource, 'export'), onClick: (row) => void start(String(row.id)) },
        ]}
      />
      <ExportTemplateEditor
        id={editing}
        onClose={(saved) => {
          setEditing(undefined);
          if (saved) list.current?.reload();
        }}
      />
    </>
  );
}
