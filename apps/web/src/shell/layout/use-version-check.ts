import { Modal } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { checkVersion } from '../../api/shell.ts';
import { i18n } from '../../i18n/index.ts';
import { decide, Throttle } from '../version-check.ts';

const throttle = new Throttle();
let asking = false;

/** On every route change, at most once per 60 s: a `must` version reloads, another one asks. */
export function useVersionCheck() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!pathname || !throttle.take()) return;
    checkVersion().then(
      (v) => {
        const what = decide(v);
        if (what === 'reload') window.location.reload();
        if (what === 'ask' && !asking) {
          asking = true;
          Modal.confirm({
            title: i18n.t('shell.version.title'),
            content: i18n.t('shell.version.ask'),
            okText: i18n.t('shell.version.now'),
            cancelText: i18n.t('shell.version.later'),
            okButtonProps: { 'data-testid': 'version-reload' } as Record<string, string>,
            onOk: () => window.location.reload(),
            afterClose: () => {
              asking = false;
            },
          });
        }
      },
      () => {},
    );
  }, [pathname]);
}
