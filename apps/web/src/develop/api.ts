import { getData, postData } from '../api/request.ts';

// The code generator's calls (blade-develop): a model's field rows and the generated files.

export type FieldRow = {
  id?: string;
  modelId: string;
  jdbcName: string;
  jdbcType: string;
  propertyName: string;
  propertyType: string;
  comment: string;
  isList: number;
  isForm: number;
  isRow: number;
  isRequired: number;
  componentType: string;
  dictCode: string | null;
  isQuery: number;
  queryType: string;
  sort: number;
};

export type GeneratedFile = { path: string; content: string; language: string };
export type Generated = { id: string; codeName: string; name: string; files: GeneratedFile[] };

const API = '/api/blade-develop';

/** The saved field rows, or (none saved yet) the defaults read from the model's table. */
export async function loadFields(modelId: string, fromTable = false): Promise<FieldRow[]> {
  if (!fromTable) {
    const saved = await getData<FieldRow[]>(`${API}/model-prototype/select`, { modelId });
    if (saved.length) return saved;
  }
  return getData<FieldRow[]>(`${API}/model/model-prototype`, { modelId });
}

export const saveFields = (rows: FieldRow[]) =>
  postData<boolean>(
    `${API}/model-prototype/submit-list`,
    rows.map(({ id: _, ...r }, i) => ({ ...r, sort: i + 1 })),
  );

export const generateCode = (ids: string[]) => postData<Generated[]>(`${API}/code/gen-code?ids=${ids.join(',')}`);

export const copyCode = (id: string) => postData<unknown>(`${API}/code/copy?id=${encodeURIComponent(id)}`);
