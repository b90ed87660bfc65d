import type { PageData } from '@civdesk/meta';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { getData } from '../../api/request.ts';
import { getUserInfo } from '../../api/session.ts';

type User = { id: string; realName?: string; account?: string; deptName?: string };

/**
 * Picks one user of the tenant by name (`blade-user/page`); the signed-in user is always offered,
 * so someone who may not browse users can still name themself.
 */
export function UserSelect({ value, onChange, testId }: { value?: string; onChange?: (v: string) => void; testId?: string }) {
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
  const users = data?.records ?? [];
  const options = users.map((u) => ({ value: u.id, label: `${u.realName ?? u.account ?? u.id}${u.deptName ? ` (${u.deptName})` : ''}` }));
  if (me?.user_id && !users.some((u) => u.id === me.user_id)) options.unshift({ value: me.user_id, label: me.real_name ?? me.user_id });
  return (
    <Select
      showSearch
      value={value}
      onChange={onChange}
      onSearch={setText}
      filterOption={false}
      options={options}
      style={{ width: 280 }}
      data-testid={testId}
    />
  );
}
