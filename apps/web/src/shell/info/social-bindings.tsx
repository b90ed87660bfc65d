import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Tag } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { getData, postData } from '../../api/request.ts';
import { toastError, toastSuccess } from '../../api/toast.ts';
import { useLang } from '../../i18n/index.ts';

type Binding = { source: string; name: string; bound: boolean; username: string | null };

const texts = {
  none: { zh: '本租户未启用第三方登录', en: 'No social sign-in is enabled for this tenant' },
  bind: { zh: '绑定', en: 'Bind' },
  unbind: { zh: '解绑', en: 'Unbind' },
  bound: { zh: '已绑定', en: 'Bound' },
  unbound: { zh: '未绑定', en: 'Not bound' },
  done: { zh: '绑定成功', en: 'Bound' },
};

/**
 * The tenant's social sign-in providers and the user's bindings. Binding goes to the provider and
 * comes back to this page (`?bound=` or `?socialError=`).
 */
export function SocialBindings() {
  const lang = useLang();
  const say = (k: keyof typeof texts) => texts[k][lang];
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const list = useQuery({ queryKey: ['social-bindings'], queryFn: () => getData<Binding[]>('/api/blade-auth/oauth/bindings') });
  useEffect(() => {
    const error = search.get('socialError');
    if (search.get('bound')) toastSuccess(say('done'));
    else if (error) toastError(error);
    if (search.get('bound') || error) setSearch({}, { replace: true });
  });
  const bind = async (source: string) => {
    const { url } = await postData<{ url: string }>(`/api/blade-auth/oauth/bind-url/${source}`);
    window.location.href = url;
  };
  const unbind = async (source: string) => {
    await postData(`/api/blade-auth/oauth/unbind/${source}`);
    await client.invalidateQueries({ queryKey: ['social-bindings'] });
  };
  const rows = list.data ?? [];
  if (!list.isLoading && rows.length === 0) return <Empty description={say('none')} data-testid="social-none" />;
  return (
    <List
      loading={list.isLoading}
      dataSource={rows}
      data-testid="social-bindings"
      renderItem={(b) => (
        <List.Item
          data-testid={`social-${b.source}`}
          actions={[
            b.bound ? (
              <Button key="u" onClick={() => void unbind(b.source)} data-testid={`social-unbind-${b.source}`}>
                {say('unbind')}
              </Button>
            ) : (
              <Button key="b" type="primary" onClick={() => void bind(b.source)} data-testid={`social-bind-${b.source}`}>
                {say('bind')}
              </Button>
            ),
          ]}
        >
          <List.Item.Meta title={b.name} description={b.bound ? b.username || b.source : b.source} />
          <Tag color={b.bound ? 'success' : 'default'}>{b.bound ? say('bound') : say('unbound')}</Tag>
        </List.Item>
      )}
    />
  );
}
