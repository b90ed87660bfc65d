import type { Group, LazyConfig, Site } from './lazy-modules.ts';

/**
 * Parts of ProComponents loaded on first use instead of with the list (see lazy-modules.ts). Two
 * chunks:
 * - `lazy-extras`, what no screen uses yet: ProField imports a renderer for every value type
 *   (colour picker, cascader, slider, …), the schema form behind ProTable's search bar imports
 *   every form layout, ProTable's error boundary imports antd's Result, and its toolbar and ProCard
 *   import antd's Tabs. One chunk for all: each extra lazy chunk splits the shared code further,
 *   and many small chunks compress worse (the sign-in page grew 5 KB with one chunk per import).
 * - `lazy-pickers`, the date and time pickers (antd's DatePicker and rc-picker, ≈ 30 KB gzip):
 *   every list's search bar shows the creation-time range, but the list can draw its rows before
 *   the calendar code arrives. Table cells format dates themselves (crud/columns.tsx), so only
 *   the search inputs and form fields wait; their stand-in holds the input's height meanwhile.
 * `npx tsx bench/src/measure/bundle-parts.ts` shows what each package costs.
 */
const pf = '@ant-design/pro-field/es/components';
// Value types no definition maps to yet (Image: only when a listed field is an image).
const renderers = ['Cascader', 'ColorPicker', 'Image', 'Progress', 'Rate', 'Segmented', 'Slider', 'Switch'];
const pickers = ['DatePicker', 'RangePicker', 'FromNow'];
const pfl = '@ant-design/pro-form/es/layouts';

const groups: Record<string, Group> = {
  'lazy-extras': {
    modules: {
      ...Object.fromEntries(renderers.map((c) => [c, [`${pf}/${c}/index.js`, 'default']])),
      StepsForm: [`${pfl}/StepsForm/index.js`, 'StepsForm'],
      LightFilter: [`${pfl}/LightFilter/index.js`, 'LightFilter'],
      DrawerForm: [`${pfl}/DrawerForm/index.js`, 'DrawerForm'],
      Result: ['antd/es/result/index.js', 'default'],
      Tabs: ['antd/es/tabs/index.js', 'default'],
    },
    fallback: 'null',
  },
  'lazy-pickers': {
    modules: {
      ...Object.fromEntries(pickers.map((c) => [c, [`${pf}/${c}/index.js`, 'default']])),
      TimePicker: [`${pf}/TimePicker/index.js`, 'default'],
      TimeRangePicker: [`${pf}/TimePicker/index.js`, 'FieldTimeRangePicker'],
    },
    // an input's height (antd's default control height), so the search bar does not jump
    fallback: `createElement('div', { style: { width: '100%', height: 32 } })`,
  },
};

const at = (path: string) => `@ant-design/${path}`;
const schemaForm = at('pro-form/es/components/SchemaForm/index.js');
const sites: Site[] = [
  ...[...renderers, ...pickers].map((c) => ({
    importer: at('pro-field/es/index.js'),
    source: `./components/${c}`,
    exports: { default: c },
  })),
  {
    importer: at('pro-field/es/index.js'),
    source: './components/TimePicker',
    exports: { default: 'TimePicker', FieldTimeRangePicker: 'TimeRangePicker' },
  },
  ...['StepsForm', 'LightFilter', 'DrawerForm'].map((l) => ({ importer: schemaForm, source: `../../layouts/${l}`, exports: { [l]: l } })),
  {
    importer: at('pro-form/es/components/SchemaForm/layoutType/StepsForm.js'),
    source: '../../../layouts/StepsForm',
    exports: { StepsForm: 'StepsForm' },
  },
  { importer: at('pro-utils/es/components/ErrorBoundary/index.js'), source: 'antd', exports: { Result: 'Result' }, rest: true },
  // tabs in the table toolbar and in cards: only drawn when a screen configures tabs
  ...[
    'pro-table/es/components/ListToolBar/index.js',
    'pro-table/es/components/ListToolBar/HeaderMenu.js',
    'pro-card/es/components/Card/index.js',
    'pro-card/es/components/TabPane/index.js',
  ].map((f) => ({ importer: at(f), source: 'antd', exports: { Tabs: 'Tabs' }, rest: true })),
];

export const proComponentsLazy: LazyConfig = { groups, sites, statics: { StepsForm: ['StepForm'], Tabs: ['TabPane'] } };
