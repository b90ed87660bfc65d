import { crudEn } from './crud-en.ts';
import { crudZh } from './crud-zh.ts';
import { i18n } from './index.ts';

// The generic screen's texts join the dictionaries with the first module that shows them, not with
// the sign-in page (its size budget). Every module that shows `crud.*` texts imports this.
i18n.addResourceBundle('zh', 'translation', crudZh, true, false);
i18n.addResourceBundle('en', 'translation', crudEn, true, false);
