// Floor 2: the antd page of floor 1 with the libraries every screen of the app runs on (libs.ts).
import { Page } from './antd-page.ts';
import { mountWithLibs } from './libs.ts';

mountWithLibs(Page);
