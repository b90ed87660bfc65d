import type { PageData } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { getData } from '../../api/request.ts';
import { getUserInfo } from '../../api/session.ts';

type User = { id: string; realName?: string; account?: string; deptName?: string };

type Props = { testId?: string; excludeSelf?: boolean } & (
  | { multiple?: false; value?: string; onChange?: (v: string) => void }
  | { multiple: true; value?: string[]; onChange?: (v: string[]) => void }
);

/**
 * Picks users of the tenant by name (`blade-user/page`). The signed-in user is offered too, so
 * someone who may not browse users can still name themself — unless the choice is whom to hand a
 * task to (`excludeSelf`).
 */
export function UserSelect(props: Props) {
  const [text, setText] = useState('');
  const me = getUserInfo();
  const { data } = useQuery({
    queryKey: ['wf', 'users', text],
    queryFn: () =>
      getData<PageData<User>>(
        '/api/blade-user/page',
        { current: 1, size: 20, ...(text ? { realName: text } : {}) },
        { meta: { silentCodes: 'all' } },
      ),
    retry: false,
  });
  const users = (data?.records ?? []).filter((u) => !(props.excludeSelf && u.id === me?.user_id));
  const options = users.map((u) => ({ value: u.id, label: `${u.realName ?? u.account ?? u.id}${u.deptName ? `（${u.deptName}）` : ''}` }));
  if (!props.excludeSelf && me?.user_id && !users.some((u) => u.id === me.user_id)) {
    options.unshift({ value: me.user_id, label: me.real_name ?? me.user_id });
  }
  return (
    <Select
      showSearch
      mode={props.multiple ? 'multiple' : undefined}
      value={props.value}
      onChange={props.onChange as (v: string | string[]) => void}
      onSearch={setText}
      filterOption={false}
      options={options}
      style={{ width: 320 }}
      data-testid={props.testId}
    />
  );
}
