import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginTabs } from '@/components/auth/login-tabs';
import { hardNavigate } from '@/lib/client/navigation';
import { fakeBlade } from './crud/fake-blade';
import { renderWithIntl } from './render';

jest.mock('@/lib/client/navigation', () => ({
  ...jest.requireActual('@/lib/client/navigation'),
  hardNavigate: jest.fn(),
}));

const TOKEN = '/api/blade-auth/oauth/token';
const slow = { timeout: 10_000 };

function blade(enabled: boolean, token: unknown = { account: 'prover' }) {
  return fakeBlade({
    '/api/blade-user/my/checkSMSLoginEnable': { enabled },
    '/api/blade-auth/oauth/captcha': { key: 'k', image: 'data:image/svg+xml;base64,AA==' },
    'POST /api/blade-user/my/sendLoginPhoneValidateCode': { codeId: '42' },
    [`POST ${TOKEN}`]: token,
  });
}

describe('SMS login', () => {
  it('is not offered where the tenant has no SMS sender', async () => {
    const calls = blade(false);
    renderWithIntl(<LoginTabs captchaEnabled={false} hostTenantId="310001" />);
    await waitFor(() => expect(calls.to('/api/blade-user/my/checkSMSLoginEnable')).toHaveLength(1), slow);
    expect(calls.to('/api/blade-user/my/checkSMSLoginEnable')[0].query.get('tenantId')).toBe('310001');
    expect(screen.queryByRole('tab', { name: '短信登录' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/用户名|账号/)).toBeInTheDocument();
  });

  it('sends the code, then signs in with the sms grant', async () => {
    const calls = blade(true);
    renderWithIntl(<LoginTabs captchaEnabled={false} hostTenantId="310001" redirect="/wel/index" />);
    fireEvent.click(await screen.findByRole('tab', { name: '短信登录' }, slow));
    // The SMS form loads when its tab is chosen (login-tabs.tsx).
    await screen.findByLabelText('手机号', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('手机号码格式不正确')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13812348888' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /秒后重新获取/ }, slow)).toBeDisabled();
    expect(calls.to('/api/blade-user/my/sendLoginPhoneValidateCode')[0].body).toEqual({
      tenantId: '310001',
      phone: '13812348888',
    });
    fireEvent.change(screen.getByLabelText('短信验证码'), { target: { value: '12a3456' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(calls.to(TOKEN)).toHaveLength(1), slow);
    const sent = new URLSearchParams(String(calls.to(TOKEN)[0].body));
    expect(Object.fromEntries(sent)).toMatchObject({
      grant_type: 'sms',
      tenantId: '310001',
      phone: '13812348888',
      codeId: '42',
      code: '123456',
    });
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/wel/index'), slow);
  });
});
