import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithIntl } from '@/tests/unit/render';
import { ForgetPasswordForm } from './forget-password-form';
import { RegisterForm } from './register-form';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const envelope = (data: unknown) => json({ code: 200, success: true, data, msg: '' });

/** The fetch calls made: path and parsed JSON body. */
const calls = (mock: jest.Mock) =>
  mock.mock.calls.map(([url, init]: [string, RequestInit]) => ({
    url,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  }));

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RegisterForm', () => {
  afterEach(() => jest.useRealTimers());

  it('checks the fields in the user language before any call', async () => {
    global.fetch = jest.fn();
    renderWithIntl(<RegisterForm tenantId="300001" />);
    type(/统一社会信用代码/, '91350100M000100Y44');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('请输入企业名称')).toBeInTheDocument();
    expect(screen.getByText('统一社会信用代码校验位不正确，请核对')).toBeInTheDocument();
    expect(screen.getByText('请输入账号')).toBeInTheDocument();
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('checks the account as the person leaves the field and says when it is taken', async () => {
    const fetchMock = jest.fn().mockResolvedValueOnce(envelope(false));
    global.fetch = fetchMock;
    renderWithIntl(<RegisterForm tenantId="300001" />);
    type(/^账号/, 'acme');
    fireEvent.blur(screen.getByLabelText(/^账号/));
    expect(await screen.findByText('该账号已被使用')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe(
      '/api/blade-customer/user/userNameCanUse?tenantId=300001&account=acme',
    );
  });

  it('sends the e-mail code, counts down, then spends the key on insertUser with the md5 password', async () => {
    jest.useFakeTimers();
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(envelope({ codeId: '42' }))
      .mockResolvedValueOnce(envelope({ key: 'k'.repeat(64) }))
      .mockResolvedValueOnce(envelope({ account: 'acme', status: 1 }));
    global.fetch = fetchMock;
    renderWithIntl(<RegisterForm tenantId="300001" />);
    type(/企业名称/, '防爆电机有限公司');
    type(/统一社会信用代码/, '91350100M000100Y43');
    type(/企业地址/, '河南省南阳市');
    type(/^联系人/, '张三');
    type(/联系电话/, '0377-12345678');
    type(/^账号/, 'acme');
    type(/^密码/, 'secret-1');
    type(/确认密码/, 'secret-1');
    type(/真实姓名/, '李四');
    type(/手机号码/, '13912345678');
    type(/邮箱/, 'Acme@Example.com');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60秒后重新获取' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '59秒后重新获取' })).toBeDisabled();
    type(/^验证码/, '123456');
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('注册成功，请登录')).toBeInTheDocument();
    const [send, check, insert] = calls(fetchMock);
    expect(send).toEqual({
      url: '/api/blade-customer/user/sendValidateEmail',
      body: { tenantId: '300001', purpose: 'register', email: 'acme@example.com' },
    });
    expect(check).toEqual({
      url: '/api/blade-customer/user/ValidateEmail',
      body: {
        tenantId: '300001',
        purpose: 'register',
        codeId: '42',
        code: '123456',
        email: 'acme@example.com',
      },
    });
    expect(insert.url).toBe('/api/blade-customer/user/insertUser');
    expect(insert.body).toMatchObject({
      tenantId: '300001',
      account: 'acme',
      key: 'k'.repeat(64),
      creditCode: '91350100M000100Y43',
      password: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(insert.body.password).not.toBe('secret-1');
    expect(insert.body.password2).toBeUndefined();
    expect(insert.body.code).toBeUndefined();
  });
});

describe('ForgetPasswordForm', () => {
  it('shows masked addresses, sends the code by account and resets with the key', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(envelope({ phone: '139****5678', email: 'a***@example.com' }))
      .mockResolvedValueOnce(envelope({ codeId: '7' }))
      .mockResolvedValueOnce(envelope({ key: 'f'.repeat(64) }))
      .mockResolvedValueOnce(envelope({}));
    global.fetch = fetchMock;
    renderWithIntl(<ForgetPasswordForm tenantId="300001" />);
    type(/^账号/, 'acme');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    fireEvent.click(await screen.findByLabelText('邮箱 a***@example.com'));
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: /秒后重新获取/ });
    type(/^验证码/, '654321');
    type(/^密码/, 'new-pass');
    type(/确认密码/, 'new-pass');
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码已重置，请使用新密码登录')).toBeInTheDocument();
    const [lookUp, send, check, reset] = calls(fetchMock);
    expect(lookUp).toEqual({
      url: '/api/blade-customer/user/selectPhoneByCompoundPar',
      body: { tenantId: '300001', account: 'acme' },
    });
    expect(send).toEqual({
      url: '/api/blade-customer/user/sendValidateEmail',
      body: { tenantId: '300001', purpose: 'recover', account: 'acme' },
    });
    expect(check.body).toEqual({ tenantId: '300001', purpose: 'recover', codeId: '7', code: '654321' });
    expect(reset.url).toBe('/api/blade-customer/user/updatePassWordBykey');
    expect(reset.body).toMatchObject({ tenantId: '300001', account: 'acme', key: 'f'.repeat(64) });
    expect(reset.body.password).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
  });
});
