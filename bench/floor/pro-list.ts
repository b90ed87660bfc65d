// Floor 3, the stack the app uses: floor 2 with its search bar and table from ProTable.
import { mountWithLibs } from './libs.ts';
import { ProPage } from './pro-page.ts';

mountWithLibs(ProPage);
