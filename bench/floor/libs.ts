// Mounts a floor page with the libraries every screen of the app runs on: routes (react-router),
// texts (i18next), data (react-query over axios) and dates (dayjs).
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import axios from 'axios';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { type ComponentType, createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router';
import { type Props, type Row, rows } from './antd-page.ts';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({ lng: 'zh', resources: { zh: { translation: {} } } });
const http = axios.create({ baseURL: '/api' });

export function mountWithLibs(Page: ComponentType<Props>) {
  function List() {
    const { t } = useTranslation();
    const list = useQuery({ queryKey: ['users'], queryFn: () => http.get<Row[]>('/users').then((r) => r.data) });
    return h(Page, { t: (s) => t(s), date: (d) => dayjs(d).format('YYYY-MM-DD HH:mm:ss'), data: list.data ?? rows });
  }
  const routes = h(BrowserRouter, null, h(Routes, null, h(Route, { path: '*', element: h(List) })));
  createRoot(document.getElementById('root') as HTMLElement).render(
    h(ConfigProvider, { locale: zhCN }, h(QueryClientProvider, { client: new QueryClient() }, h(I18nextProvider, { i18n }, routes))),
  );
}
