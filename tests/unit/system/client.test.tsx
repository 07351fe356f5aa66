import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ClientScreen } from '@/components/system/client-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from './fixtures';

const buttons = buttonsWith(['client_add', 'client_edit', 'client_delete', 'client_view']);
const portal = {
  id: '1',
  clientId: 'portal',
  clientSecret: '',
  scope: 'all',
  authorizedGrantTypes: 'captcha,refresh_token',
  accessTokenValidity: 3600,
  refreshTokenValidity: 604800,
  webServerRedirectUri: '',
  additionalInformation: '',
  resourceIds: '',
  authorities: '',
  autoapprove: '',
};

describe('ClientScreen', () => {
  it('lists the clients without their secret, and asks for a secret on add only', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-system/client/list': page([portal]),
      '/api/blade-system/client/detail': portal,
      'POST /api/blade-system/client/submit': {},
    });
    renderScreen(<ClientScreen />);
    expect(await screen.findByText('portal')).toBeInTheDocument();
    for (const header of ['应用ID', '权限范围', '授权类型', '令牌秒数', '刷新令牌秒数'])
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '应用密钥' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('应用密钥')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('授权类型')).toHaveValue('refresh_token,password,captcha');
    expect(within(dialog).queryByLabelText('资源集合')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入客户端id')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入客户端密钥')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getAllByRole('button', { name: '编辑' })[0]);
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('应用ID')).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('更新成功')).toBeInTheDocument();
    const body = blade.to('/api/blade-system/client/submit')[0].body as Record<string, unknown>;
    expect(body).toMatchObject({ id: '1', clientId: 'portal' });
    expect(body.clientSecret ?? '').toBe('');
  });
});
