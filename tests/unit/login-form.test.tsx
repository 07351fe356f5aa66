import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginForm } from '@/components/auth/login-form';
import { renderWithIntl } from './render';

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('LoginForm', () => {
  const captcha = {
    code: 200,
    success: true,
    data: { key: 'k1', image: 'data:image/svg+xml;base64,AA==' },
    msg: '',
  };

  it('checks the required fields in Chinese before calling the server', async () => {
    global.fetch = jest.fn().mockResolvedValue(json(captcha));
    renderWithIntl(<LoginForm captchaEnabled />);
    await screen.findByTestId('captcha-image');
    fireEvent.change(screen.getByLabelText(/租户ID/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入租户ID')).toBeInTheDocument();
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请输入验证码')).toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledTimes(1); // only the captcha
  });

  it('hides the tenant field when the host names the tenant', async () => {
    global.fetch = jest.fn().mockResolvedValue(json(captcha));
    renderWithIntl(<LoginForm captchaEnabled hostTenantId="123456" />);
    await screen.findByTestId('captcha-image');
    expect(screen.queryByLabelText(/租户ID/)).not.toBeInTheDocument();
  });

  it('sends the md5 of the password with the captcha headers and shows error_description', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(json(captcha))
      .mockResolvedValueOnce(json({ error_code: 400, error_description: '用户名或密码错误' }, 400))
      .mockResolvedValueOnce(json(captcha));
    global.fetch = fetchMock;
    renderWithIntl(<LoginForm captchaEnabled />);
    await screen.findByTestId('captcha-image');
    fireEvent.change(screen.getByLabelText(/账号/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/^密码/), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText(/^验证码/), { target: { value: 'AbCd' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/blade-auth/oauth/token');
    const form = init.body as URLSearchParams;
    expect(form.get('password')).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(form.get('grant_type')).toBe('captcha');
    expect(form.get('username')).toBe('admin');
    const headers = new Headers(init.headers);
    expect(headers.get('Captcha-Key')).toBe('k1');
    expect(headers.get('Captcha-Code')).toBe('AbCd');
    expect(headers.get('Tenant-Id')).toBe('000000');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3)); // a fresh captcha after a failure
  });
});
