// Floor 1: React + antd, nothing else. The bench (src/measure/bundle.ts) builds it with the app's
// own build settings and reports its size beside the app's shell + first list as that line's floor.
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { Page } from './antd-page.ts';

createRoot(document.getElementById('root') as HTMLElement).render(h(ConfigProvider, { locale: zhCN }, h(Page)));
