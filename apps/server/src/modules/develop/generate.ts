import { baseFieldKeys, columnOf } from '@civdesk/meta';
import { menuGroups, registry, screens } from '@civdesk/resources';
import { badRequest } from '../../core/envelope.ts';
import { baseColumns, camelOf, type Prototype } from './prototypes.ts';
import type { TableInfo } from './schema-reader.ts';

// The code generator: a model's field rows → this product's own source text. What comes out is a
// resource definition (`defineResource`, the one place a resource is declared), and where asked a
// server hooks stub and a screen override stub; nothing is written on the server, the browser
// previews the files and downloads them as a zip.

export type CodeConfig = {
  codeName: string;
  serviceName: string;
  tableName: string;
  tablePrefix: string;
  pkName: string;
  packageName: string;
  menuGroup: string;
  templateType: string;
  author: string;
  treePid?: string | null;
  treeName?: string | null;
  genHooks: number;
  genScreen: number;
  apiPath: string;
  webPath: string;
};
export type ModelInfo = { modelName: string; modelClass: string; modelTable: string };
export type GeneratedFile = { path: string; content: string; language: 'typescript' | 'markdown' };
export type Generated = { name: string; files: GeneratedFile[] };

const YES = 2;

/** A text as a single-quoted TypeScript string. */
const q = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r?\n/g, '\\n')}'`;
/** A text safe inside a line comment. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');
const pascalOf = (kebab: string) => kebab.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
/** `postCode` → `Post code`: the English label until someone writes a better one. */
const wordsOf = (camel: string) => {
  const s = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return s.charAt(0).toUpperCase() + s.slice(1);
};

// Icons the web's menu offers (apps/web/src/icons/menu-icons.ts): a generated screen takes the
// first no declared screen uses yet, so the registry's unique-icon check holds.
const ICON_CHOICES = [
  'AppstoreOutlined',
  'BlockOutlined',
  'BorderOuterOutlined',
  'BarsOutlined',
  'CompassOutlined',
  'ContainerOutlined',
  'FolderOutlined',
  'InboxOutlined',
  'LayoutOutlined',
  'ProjectOutlined',
  'PushpinOutlined',
  'SnippetsOutlined',
  'TagsOutlined',
  'ThunderboltOutlined',
  'GiftOutlined',
  'AimOutlined',
];

function iconFor(table: string): string {
  const own = registry.find((r) => r.table === table);
  if (own?.menu) return own.menu.icon;
  const used = new Set([
    ...menuGroups.map((g) => g.icon),
    ...registry.flatMap((r) => (r.menu ? [r.menu.icon] : [])),
    ...screens.map((s) => s.menu.icon),
  ]);
  return ICON_CHOICES.find((i) => !used.has(i)) ?? 'AppstoreOutlined';
}

const RESERVED = new Set(['delete', 'new', 'class', 'function', 'default', 'import', 'export', 'in', 'for', 'if', 'var', 'let', 'const']);

/** The resource name a generator's table gives: the table without its prefix, `_` as `-`. */
export function resourceNameOf(code: Pick<CodeConfig, 'tableName' | 'tablePrefix'>): string {
  const stem =
    code.tablePrefix && code.tableName.startsWith(code.tablePrefix) ? code.tableName.slice(code.tablePrefix.length) : code.tableName;
  const name = stem.replace(/_/g, '-');
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || RESERVED.has(camelOf(stem))) {
    throw badRequest(`表名去掉前缀后得到的资源名「${name}」不正确：须以小写字母开头，只含小写字母、数字和单个下划线`);
  }
  return name;
}

type FieldText = { key: string; text: string; usesYesNo: boolean };

function fieldText(p: Prototype, type: string, tree: { pid?: string | null } | null, defaultValue: string | number | null): FieldText {
  const key = p.propertyName;
  const parts: string[] = [];
  let usesYesNo = false;
  let kind: string;
  const intColumn = type === 'integer' || type === 'smallint';
  const note: string[] = [];
  if (tree && key === tree.pid) kind = 'parent';
  else if (p.dictCode) {
    kind = 'dict';
    parts.push(`dict: ${q(p.dictCode)}`);
    if (intColumn) parts.push('int: true');
  } else if (p.componentType === 'switch' && intColumn) {
    kind = 'enum';
    parts.push('options: yesNo01', 'int: true');
    usesYesNo = true;
  } else {
    const len = /^(?:varchar|char)\((\d+)\)$/.exec(type);
    if (len) {
      kind = 'string';
      parts.push(`max: ${len[1]}`);
    } else if (type === 'text') kind = 'text';
    else if (intColumn) kind = 'int';
    else if (type === 'bigint') {
      kind = 'ref';
      note.push('an id of another row: name its resource with ref: { resource, labelField }');
    } else if (type.startsWith('numeric') || type === 'double precision' || type === 'real') kind = 'decimal';
    else if (type === 'date') kind = 'date';
    else if (type.startsWith('timestamp')) kind = 'datetime';
    else {
      kind = 'string';
      parts.push('max: 255');
      note.push(`column type ${type} has no field type of its own`);
    }
  }
  const column = columnOf(key, { type: 'string', label: { zh: '', en: '' } });
  const head = [`type: ${q(kind)}`, `label: L(${q(p.comment)}, ${q(wordsOf(key))})`, ...parts];
  if (column !== p.jdbcName) head.push(`column: ${q(p.jdbcName)}`);
  if (p.isRequired) head.push('required: true');
  if (defaultValue !== null && kind !== 'parent') {
    const numeric = kind === 'int' || ((kind === 'dict' || kind === 'enum') && intColumn);
    if (numeric && typeof defaultValue === 'number') head.push(`default: ${defaultValue}`);
    else if (!numeric && typeof defaultValue === 'string') head.push(`default: ${q(defaultValue)}`);
  }
  if (p.isList) head.push('list: true');
  if (p.isQuery) {
    const op = p.queryType === 'between' ? "'range'" : p.queryType.startsWith('like') ? 'true' : "'equal'";
    head.push(`search: ${op}`);
  }
  if (!p.isForm) head.push('form: false');
  else if (p.isRow || p.componentType === 'textarea') head.push('form: { span: 24 }');
  const comment = note.length ? `    // ${note.join('; ')}\n` : '';
  return { key, text: `${comment}    ${key}: { ${head.join(', ')} },`, usesYesNo };
}

/** Checks a model's field rows against its table and the engine's rules; the clear message on the first fault. */
function checkPrototypes(prototypes: Prototype[], table: TableInfo, code: CodeConfig) {
  if (!prototypes.length) throw badRequest('数据模型没有可生成的字段，请先配置模型字段');
  const columns = new Set(table.fields.map((c) => c.name));
  const seen = new Set<string>();
  for (const p of prototypes) {
    if (!columns.has(p.jdbcName)) throw badRequest(`表 ${table.name} 没有列 ${p.jdbcName}，请重新读取模型字段`);
    if (!/^[a-z][A-Za-z0-9]*$/.test(p.propertyName))
      throw badRequest(`属性名「${p.propertyName}」不正确：须以小写字母开头，只含字母和数字`);
    if (baseFieldKeys.includes(p.propertyName)) throw badRequest(`属性名「${p.propertyName}」是系统基础字段，不能使用`);
    if (seen.has(p.propertyName)) throw badRequest(`属性名「${p.propertyName}」重复`);
    seen.add(p.propertyName);
  }
  if (code.templateType === 'sub') throw badRequest('暂不支持主子表模板：请分别为主表和子表生成（子表的外键字段生成后改为引用主表）');
  if (code.templateType === 'tree') {
    if (!code.treePid || !seen.has(code.treePid)) throw badRequest('树表模板须填写树父主键字段（模型字段的属性名）');
    if (!code.treeName || !seen.has(code.treeName)) throw badRequest('树表模板须填写树名称字段（模型字段的属性名）');
  }
}

function resourceFile(name: string, code: CodeConfig, model: ModelInfo, prototypes: Prototype[], table: TableInfo, date: string): string {
  const byName = new Map(table.fields.map((c) => [c.name, c]));
  const tree = code.templateType === 'tree' ? { pid: code.treePid } : null;
  const fields = prototypes
    .filter((p) => !baseColumns.has(p.jdbcName))
    .map((p) => {
      const c = byName.get(p.jdbcName);
      return fieldText(p, c?.type ?? p.jdbcType, tree, c?.defaultValue ?? null);
    });
  const group = menuGroups.find((g) => g.code === code.menuGroup) ?? menuGroups[0];
  const groupVar = `${camelOf(group.code.replace(/-/g, '_'))}Group`;
  const sortField = prototypes.find((p) => p.propertyName === 'sort');
  const lines = [
    "import { defineResource } from '@civdesk/meta';",
    `import { L${fields.some((f) => f.usesYesNo) ? ', yesNo01' : ''} } from '../labels.ts';`,
    `import { ${groupVar} } from '../menu-groups.ts';`,
    '',
    `// ${oneLine(code.codeName)} (${oneLine(model.modelName)}): generated from table ${table.name} by ${oneLine(code.author)}, ${date}.`,
    `// Register it with one line in registry.ts and index.ts, then write its migration (npm run db:generate -- --name=${name}).`,
    `export const ${camelOf(name.replace(/-/g, '_'))} = defineResource({`,
    `  name: ${q(name)},`,
    `  table: ${q(table.name)},`,
    `  label: L(${q(code.codeName)}, ${q(wordsOf(model.modelClass))}),`,
    `  api: ${q(`/api/${code.serviceName}/${name}`)},`,
    `  menu: { group: ${groupVar}, icon: ${q(iconFor(table.name))} },`,
    `  tenant: ${byName.has('tenant_id')},`,
    '  softDelete: true,',
    ...(tree ? [`  tree: { parentField: ${q(code.treePid ?? '')}, titleField: ${q(code.treeName ?? '')} },`] : []),
    `  defaultSort: [{ field: ${sortField ? "'sort', dir: 'asc'" : "'createTime', dir: 'desc'"} }],`,
    '  fields: {',
    ...fields.map((f) => f.text),
    '  },',
    '});',
    '',
  ];
  return lines.join('\n');
}

function hooksFile(name: string, code: CodeConfig): string {
  const v = camelOf(name.replace(/-/g, '_'));
  return [
    "import type { ResourceHooks } from '../../crud/hooks.ts';",
    '',
    `// ${oneLine(code.codeName)}: what the engine does not do for it. List it in resources/index.ts as ${q(name)}: ${v}Hooks.`,
    `export const ${v}Hooks: ResourceHooks = {`,
    '  async beforeWrite(_ctx, _values) {',
    "    // Derived values and checks on write, inside the submit's transaction: throw badRequest('…') to refuse with a 400.",
    '  },',
    '};',
    '',
  ].join('\n');
}

function screenFile(name: string, code: CodeConfig): string {
  return [
    "import type { Resource } from '@civdesk/meta';",
    "import { ResourcePage } from '../../crud/resource-page.tsx';",
    '',
    `// ${oneLine(code.codeName)}: the generic list and form with room for more (row actions, a side panel).`,
    `// List it in overrides.ts as ${q(name)}: ${pascalOf(name)}Screen.`,
    `export function ${pascalOf(name)}Screen({ resource }: { resource: Resource }) {`,
    '  return <ResourcePage resource={resource} />;',
    '}',
    '',
  ].join('\n');
}

function readme(name: string, code: CodeConfig, paths: string[]): string {
  return [
    `# ${oneLine(code.codeName)} (${name})`,
    '',
    'Files:',
    '',
    ...paths.map((p) => `- \`${p}\``),
    '',
    'To add it to the product:',
    '',
    `1. Copy the files to the same paths in the repository; add \`${name}\` to \`packages/resources/src/registry.ts\` and \`index.ts\`.`,
    `2. \`npm run db:generate -- --name=${name}\` writes its migration (nothing when the table exists as defined).`,
    '3. Hooks and screen stubs, when generated, are listed in `apps/server/src/resources/index.ts` and `apps/web/src/resources/overrides.ts`.',
    '4. `node scripts/test.mjs --only unit registry` checks names, paths, icons and dictionaries.',
    '',
  ].join('\n');
}

/** Generates one generator's files from its model's field rows and the live table. */
export function generate(code: CodeConfig, model: ModelInfo, prototypes: Prototype[], table: TableInfo, date: string): Generated {
  if (code.tableName !== model.modelTable) throw badRequest(`表名 ${code.tableName} 与数据模型的表 ${model.modelTable} 不一致`);
  const pk = table.fields.find((c) => c.keyFlag);
  if (code.pkName !== 'id' || !pk || pk.name !== 'id') throw badRequest('本系统的资源以 id 列为主键：主键名须为 id，且表的主键是 id 列');
  const name = resourceNameOf(code);
  const sorted = [...prototypes].sort((a, b) => a.sort - b.sort);
  checkPrototypes(sorted, table, code);
  const files: GeneratedFile[] = [
    {
      path: `packages/resources/src/${code.packageName}/${name}.resource.ts`,
      content: resourceFile(name, code, model, sorted, table, date),
      language: 'typescript',
    },
  ];
  if (code.genHooks === YES)
    files.push({ path: `${code.apiPath}/${name}/${name}.hooks.ts`, content: hooksFile(name, code), language: 'typescript' });
  if (code.genScreen === YES)
    files.push({ path: `${code.webPath}/${name}/${name}-screen.tsx`, content: screenFile(name, code), language: 'typescript' });
  files.push({
    path: `${name}-README.md`,
    content: readme(
      name,
      code,
      files.map((f) => f.path),
    ),
    language: 'markdown',
  });
  return { name, files };
}
