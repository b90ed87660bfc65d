import { i18n } from './index.ts';
import { workflowEn } from './workflow-en.ts';
import { workflowZh } from './workflow-zh.ts';

// The workflow screens' texts join the dictionaries with the first workflow module that loads
// (not with the sign-in page and its size budget). Every module that shows `wf.*` texts imports this.
i18n.addResourceBundle('zh', 'translation', workflowZh, true, false);
i18n.addResourceBundle('en', 'translation', workflowEn, true, false);
