import { ExportTemplateScreen } from './export-template-screen.tsx';
import { MyExportsScreen } from './my-exports-screen.tsx';

/** The export screens, by resource name (resources/overrides.ts loads them as one chunk). */
export const screens = { 'export-template': ExportTemplateScreen, 'export-file': MyExportsScreen };
