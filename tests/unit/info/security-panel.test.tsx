import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SecurityPanel } from '@/components/info/security-panel';
import { md5Hex } from '@/lib/client/md5';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

const KEY = 'a'.repeat(64);
const slow = { timeout: 10_000 };

function blade() {
  return fakeBlade({
    '/api/blade-user/my/keyForValidate': { methods: ['password', 'phone'], phone: '138****9999', email: '' },
    'POST /api/blade-user/my/validatePassword': { key: KEY },
    'POST /api/blade-user/my/sendPhoneValidateCode': { codeId: '77' },
    'POST /api/blade-user/my/validatePhoneCode': { key: KEY },
    'POST /api/blade-user/my/updatePasswordWithKey': {},
    'POST /api/blade-user/my/sendNewPhoneValidateCode': { codeId: '78' },
    'POST /api/blade-user/my/updatePhoneWithKey': {},
  });
}

describe('security panel', () => {
  it('proves by password, then spends the key once on a new password', async () => {
    const calls = blade();
    renderScreen(<SecurityPanel />);
    fireEvent.change(await screen.findByLabelText('当前密码', {}, slow), { target: { value: 'old-pass' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await screen.findByText(/身份已验证/, {}, slow);
    expect(calls.to('/api/blade-user/my/validatePassword')[0].body).toEqual({ password: md5Hex('old-pass') });

    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'n1' } });
    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'n2' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('两次密码输入不一致')).toBeInTheDocument();
    expect(calls.to('/api/blade-user/my/updatePasswordWithKey')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'n1' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() => expect(calls.to('/api/blade-user/my/updatePasswordWithKey')).toHaveLength(1), slow);
    expect(calls.to('/api/blade-user/my/updatePasswordWithKey')[0].body).toEqual({
      key: KEY,
      newPassword: md5Hex('n1'),
      newPassword1: md5Hex('n1'),
    });
    // Spent: the panel asks for a new proof.
    expect(await screen.findByRole('button', { name: '验证' }, slow)).toBeInTheDocument();
  });

  it('proves by a phone code, then changes the phone with the code sent to the new number', async () => {
    const calls = blade();
    renderScreen(<SecurityPanel />);
    fireEvent.click(await screen.findByLabelText('手机验证码', {}, slow));
    expect(screen.getByText('验证码将发送到 138****9999')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /秒后重新获取/ }, slow)).toBeDisabled();
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证' }));
    await screen.findByText(/身份已验证/, {}, slow);
    expect(calls.to('/api/blade-user/my/validatePhoneCode')[0].body).toEqual({
      codeId: '77',
      code: '123456',
    });

    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号码格式不正确')).toBeInTheDocument();
    expect(calls.to('/api/blade-user/my/sendNewPhoneValidateCode')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('新手机号'), { target: { value: '13812348888' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(
      () => expect(calls.to('/api/blade-user/my/sendNewPhoneValidateCode')).toHaveLength(1),
      slow,
    );
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '更换手机号' }));
    await waitFor(() => expect(calls.to('/api/blade-user/my/updatePhoneWithKey')).toHaveLength(1), slow);
    expect(calls.to('/api/blade-user/my/updatePhoneWithKey')[0].body).toEqual({
      key: KEY,
      phone: '13812348888',
      codeId: '78',
      code: '654321',
    });
  });
});
