import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Notices } from '@/components/shell/notices';
import { SwitchDialog } from '@/components/shell/switch-dialog';
import { swrFetcher } from '@/lib/client/fetcher';
import { SWRConfig } from 'swr';
import { renderWithIntl } from '../render';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, success: true, data, msg: '操作成功' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

type Route = (url: string, init?: RequestInit) => Response | undefined;
function serve(route: Route) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init });
    return route(url, init) ?? ok({});
  }) as typeof fetch;
  return calls;
}

const themed = (ui: React.ReactElement) =>
  renderWithIntl(<SWRConfig value={{ fetcher: swrFetcher }}>{ui}</SWRConfig>);

describe('Notices', () => {
  it('shows the unread count and the messages of each tab; opening one marks it read', async () => {
    let unread = 2;
    const calls = serve((url) => {
      if (url.includes('selectCurrentNewMessage'))
        return ok({
          unreadCount: unread,
          unread: { mail: 0, message: 1, notice: unread - 1 },
          records: [
            {
              id: '11',
              category: 2,
              title: '新用户注册申请',
              content: '请审核',
              sender: 'g',
              isReaded: 0,
              createTime: '2026-11-21 09:00:00',
            },
            {
              id: '12',
              category: 3,
              title: '系统通知',
              content: '通知内容',
              sender: 's',
              isReaded: 0,
              createTime: '2026-11-21 09:01:00',
            },
          ],
        });
      if (url.includes('updateIsReadedList')) {
        unread -= 1;
        return ok({ count: 1 });
      }
      return undefined;
    });
    themed(<Notices />);
    await waitFor(() => expect(screen.getByTestId('notice-badge')).toHaveTextContent('2'), { timeout: 5000 });
    // The button's name carries its badge's count (WCAG 2.5.3).
    fireEvent.click(screen.getByRole('button', { name: '通知 2' }));
    const pop = screen.getByTestId('notices');
    expect(within(pop).getByText('暂无数据')).toBeInTheDocument();
    fireEvent.click(within(pop).getByRole('tab', { name: /^消息/ }));
    fireEvent.click(within(pop).getByText('新用户注册申请'));
    expect(await screen.findByTestId('message-content')).toHaveTextContent('请审核');
    await waitFor(() => expect(screen.getByTestId('notice-badge')).toHaveTextContent('1'));
    const mark = calls.find((c) => c.url.includes('updateIsReadedList'))!;
    expect(JSON.parse(String(mark.init?.body))).toEqual({ ids: ['11'] });
  });
});

describe('SwitchDialog', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());
  it('requires a department and a role, then switches and lands on /', async () => {
    const calls = serve((url) => {
      if (url.includes('dept/select')) return ok([{ id: '101', deptName: '综合管理部' }]);
      if (url.includes('role/select')) return ok([{ id: '201', roleName: '超级管理员' }]);
      return undefined;
    });
    themed(
      <SwitchDialog open onClose={() => undefined} userId="1" currentDept="101,102" currentRole="201,202" />,
    );
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请选择部门')).toBeInTheDocument();
    expect(screen.getByText('请选择角色')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.includes('role/select?userId=1'))).toBe(true), {
      timeout: 5000,
    });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '部门' }));
    fireEvent.click(await screen.findByRole('option', { name: '综合管理部' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '角色' }));
    fireEvent.click(await screen.findByRole('option', { name: '超级管理员' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    // The switch answer leads to a full page load of / (jsdom only reports it cannot navigate).
    await waitFor(() => expect(calls.some((c) => c.url === '/api/portal/switch')).toBe(true));
    const sw = calls.find((c) => c.url === '/api/portal/switch')!;
    expect(JSON.parse(String(sw.init?.body))).toEqual({ deptId: '101', roleId: '201' });
  });
});
