import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { resetWebConfig } from '../../api/request.ts';
import { Providers } from '../../app/providers.tsx';
import { type Call, ok, on, stubNetwork } from '../../test/http-stub.ts';
import { RegisterDialog } from './register-dialog.tsx';

let calls: Call[];
beforeEach(() => {
  resetWebConfig();
  calls = stubNetwork([on('POST', '/api/blade-user/register-guest', ok(true))]);
});

const labelOf = (id: string) => document.querySelector(`label[for="${id}"]`) as HTMLElement;

it('marks the nickname required and does not submit without it', async () => {
  render(
    <Providers>
      <RegisterDialog tenantId="100001" onClose={() => {}} />
    </Providers>,
  );
  await screen.findByTestId('register-dialog');
  expect(labelOf('register-name').querySelector('.login-required')).not.toBeNull();
  expect(labelOf('register-account').querySelector('.login-required')).not.toBeNull();
  fireEvent.change(screen.getByTestId('register-account'), { target: { value: 'guest1' } });
  fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'Pass-word1' } });
  fireEvent.change(screen.getByTestId('register-password2'), { target: { value: 'Pass-word1' } });
  fireEvent.click(screen.getByTestId('register-submit'));
  await waitFor(() => expect(screen.getByTestId('register-error').textContent).toBe('请先输入用户昵称'));
  expect(calls.some((c) => c.url === '/api/blade-user/register-guest')).toBe(false);

  fireEvent.change(screen.getByTestId('register-name'), { target: { value: ' 访客 ' } });
  fireEvent.click(screen.getByTestId('register-submit'));
  await waitFor(() => expect(calls.some((c) => c.url === '/api/blade-user/register-guest')).toBe(true));
  const sent = calls.find((c) => c.url === '/api/blade-user/register-guest');
  expect(sent?.params.name).toBe('访客');
});
