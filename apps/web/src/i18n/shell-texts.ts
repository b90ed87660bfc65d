import { i18n } from './index.ts';
import { shellEn } from './shell-en.ts';
import { shellZh } from './shell-zh.ts';

// The shell's texts join the dictionaries when a shell chunk first loads (not with the sign-in
// page, which stays within its size budget). Every chunk that shows `shell.*` texts imports this.
i18n.addResourceBundle('zh', 'translation', shellZh, true, false);
i18n.addResourceBundle('en', 'translation', shellEn, true, false);
