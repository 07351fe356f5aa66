import { fireEvent, screen, waitFor } from '@testing-library/react';
import { hardNavigate } from '@/lib/client/navigation';
import { renderWithIntl } from '@/tests/unit/render';
import { SsoButtons } from './sso-buttons';
import { SsoCallback } from './sso-callback';
import { savePending } from './sso-pending';

jest.mock('@/lib/client/navigation', () => ({
  ...jest.requireActual('@/lib/client/navigation'),
  hardNavigate: jest.fn(),
}));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  window.sessionStorage.clear();
  jest.mocked(hardNavigate).mockReset();
});

describe('SsoButtons', () => {
  it('shows nothing when the tenant has no source', async () => {
    global.fetch = jest.fn().mockResolvedValue(json({ code: 200, success: true, data: [], msg: '' }));
    const { container } = renderWithIntl(<SsoButtons tenantId="000000" />);
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(1));
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the tenant's sources and shows a refused start", async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(
        json({
          code: 200,
          success: true,
          data: [{ kind: 'sso', source: 'corp', name: '企业账号' }],
          msg: '',
        }),
      )
      .mockResolvedValueOnce(json({ code: 400, success: false, data: null, msg: '该登录方式不可用' }, 400));
    global.fetch = fetchMock;
    renderWithIntl(<SsoButtons tenantId="200001" redirect="/system/user" />);
    fireEvent.click(await screen.findByRole('button', { name: '企业账号' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('该登录方式不可用');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/blade-auth/oauth/sources?tenantId=200001');
    expect(String(fetchMock.mock.calls[1][0])).toBe('/api/blade-auth/oauth/render/corp?tenantId=200001');
    // Nothing is remembered for a login that did not begin.
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('SsoCallback', () => {
  it('posts code, state and iss with the grant of the source, then goes where the login began', async () => {
    savePending({ kind: 'sso', source: 'corp', redirect: '/system/user' });
    const fetchMock = jest.fn().mockResolvedValue(json({ tenant_id: '200001', user_id: '1' }));
    global.fetch = fetchMock;
    renderWithIntl(<SsoCallback params={{ code: 'c1', state: '200001.s1', iss: 'http://idp' }} />);
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith('/system/user'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/blade-auth/oauth/token');
    const body = new URLSearchParams(init.body as URLSearchParams);
    expect(body.get('grant_type')).toBe('authorization_code');
    expect(body.get('code')).toBe('c1');
    expect(body.get('state')).toBe('200001.s1');
    expect(body.get('iss')).toBe('http://idp');
    expect(body.has('source')).toBe(false);
  });

  it('names the source for the social grant and shows a refusal', async () => {
    savePending({ kind: 'social', source: 'idp_social' });
    const fetchMock = jest
      .fn()
      .mockResolvedValue(
        json({ error_code: 400, error_description: '身份提供方拒绝了登录，请重新登录' }, 400),
      );
    global.fetch = fetchMock;
    renderWithIntl(<SsoCallback params={{ code: 'c1', state: '200001.s1' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('身份提供方拒绝了登录，请重新登录');
    const body = new URLSearchParams((fetchMock.mock.calls[0][1] as RequestInit).body as URLSearchParams);
    expect(body.get('grant_type')).toBe('social');
    expect(body.get('source')).toBe('idp_social');
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('sends nothing without a login begun in this tab', async () => {
    global.fetch = jest.fn();
    renderWithIntl(<SsoCallback params={{ code: 'c1', state: '200001.s1' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('登录回调缺少必要参数，请重新登录');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('shows the error the provider sent back', async () => {
    savePending({ kind: 'sso', source: 'corp' });
    global.fetch = jest.fn();
    renderWithIntl(<SsoCallback params={{ error: 'access_denied', error_description: 'denied by user' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('身份提供方返回错误：denied by user');
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
