import { screen, waitFor, within } from '@testing-library/react';
import { monthRange } from '@/components/home/dashboard-tiles';
import { WorkDashboard } from '@/components/home/work-dashboard';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/wel/index',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn() }),
}));

const ROUTES = '/api/blade-system/menu/routes';
const MY_APPLICATIONS = '/api/blade-customer/paymentNote/selectApplicationPage';
const NOTES = '/api/blade-customer/paymentNote/selectPaymentNotesPage';
const UNREAD = '/api/blade-customer/message/selectCurrentNewMessage';
const RECEIPTS = '/api/business-service/realIncome/list';
const BATCHES = '/api/business-service/contractBatch/list';
const SUMMARY = '/api/business-service/realIncome/monthSummary';

const menu = (...paths: string[]) => [
  {
    id: '1',
    parentId: '0',
    code: 'group',
    name: '分组',
    path: '/group',
    children: paths.map((path, i) => ({ id: `1${i}`, parentId: '1', code: `m${i}`, name: path, path })),
  },
];

describe('WorkDashboard', () => {
  it("shows the tiles of the caller's lists only, each with its call's total and a link with the same filters", async () => {
    const calls = fakeBlade({
      [ROUTES]: menu('/application/myApplication', '/system/user'),
      [MY_APPLICATIONS]: (call: { query: URLSearchParams }) =>
        page([], call.query.get('flowState') === 'returned' ? 2 : 7),
    });
    renderScreen(<WorkDashboard />);
    const open = await screen.findByRole('link', { name: /办理中的申请/ });
    await waitFor(() => expect(within(open).getByTestId('tile-count')).toHaveTextContent('7'));
    expect(open).toHaveAttribute('href', '/application/myApplication?isFinished=0');
    const returned = screen.getByRole('link', { name: /退回待修改的申请/ });
    await waitFor(() => expect(within(returned).getByTestId('tile-count')).toHaveTextContent('2'));
    expect(returned).toHaveAttribute('href', '/application/myApplication?flowState=returned');
    // Two tiles: no staff list and no payment-note list is in this menu, so none of their calls is made.
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(calls.to(NOTES)).toHaveLength(0);
    // A one-row page of the same call the list makes: only its total is read. The one call of five rows is the
    // open-applications panel's (it shows nothing here: the list has no rows).
    const sizes = calls.to(MY_APPLICATIONS).map((call) => call.query.get('size'));
    expect(sizes.filter((size) => size !== '1')).toEqual(['5']);
  });

  it("lists a customer's open applications with the step each is at, and links to them all", async () => {
    const row = (id: string, applicationNo: string, productName: string, flowState: string) => ({
      id,
      applicationNo,
      productName,
      flowState,
      updateTime: '2026-11-20 09:30:00',
    });
    const calls = fakeBlade({
      [ROUTES]: menu('/application/myApplication'),
      [MY_APPLICATIONS]: (call: { query: URLSearchParams }) =>
        call.query.get('size') === '5'
          ? page([row('1', 'SQC2026000001', '隔爆型电动机', 'testing'), row('2', '', '防爆灯', 'draft')], 7)
          : page([], 7),
    });
    renderScreen(<WorkDashboard />);
    const panel = await screen.findByRole('region', { name: '办理中的申请' });
    const first = within(panel).getByText('SQC2026000001').closest('tr') as HTMLElement;
    expect(within(first).getByText('检测中')).toBeInTheDocument();
    const draft = within(panel).getByText('防爆灯').closest('tr') as HTMLElement;
    expect(within(draft).getByText('草稿')).toBeInTheDocument();
    expect(within(draft).getByText('（草稿，尚无编号）')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '查看全部 7 个办理中的申请' })).toHaveAttribute(
      'href',
      '/application/myApplication?isFinished=0',
    );
    const panelCall = calls.to(MY_APPLICATIONS).find((call) => call.query.get('size') === '5')!;
    expect(panelCall.query.get('isFinished')).toBe('0');
  });

  it('shows a caller without any listed screen only their unread messages, as the top bar counts them', async () => {
    const calls = fakeBlade({
      [ROUTES]: menu('/system/user'),
      [UNREAD]: { unreadCount: 3, unread: { mail: 1, message: 2, notice: 0 }, records: [] },
    });
    renderScreen(<WorkDashboard />);
    await waitFor(() => expect(calls.to(ROUTES)).toHaveLength(1));
    const unread = await screen.findByRole('button', { name: /未读消息/ });
    await waitFor(() => expect(within(unread).getByTestId('tile-count')).toHaveTextContent('3'));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("counts this month's receipts by received day and shows the month's received and planned sums", async () => {
    const calls = fakeBlade({
      [ROUTES]: menu('/administration/realIncome'),
      [RECEIPTS]: page([], 4),
      [BATCHES]: (call: { body: Record<string, unknown> }) => page([], call.body.unpaid === '1' ? 5 : 9),
      [SUMMARY]: { month: '2026-11', receiptCount: 4, received: '400.10', planned: '600.00' },
      [UNREAD]: { unreadCount: 0, unread: { mail: 0, message: 0, notice: 0 }, records: [] },
    });
    renderScreen(<WorkDashboard />);
    const receipts = await screen.findByRole('link', { name: /本月收款/ });
    await waitFor(() => expect(within(receipts).getByTestId('tile-count')).toHaveTextContent('4'));
    await waitFor(() =>
      expect(within(receipts).getByTestId('tile-secondary')).toHaveTextContent(
        '已收 400.10 / 计划 600.00 元',
      ),
    );
    const { receivedFrom, receivedTo } = monthRange(new Date());
    expect(receipts).toHaveAttribute(
      'href',
      `/administration/realIncome?receivedFrom=${receivedFrom}&receivedTo=${receivedTo}`,
    );
    expect(calls.to(RECEIPTS)[0].body).toMatchObject({ receivedFrom, receivedTo });
    expect(calls.to(SUMMARY)[0].query.get('month')).toBe(receivedFrom.slice(0, 7));
    const unpaid = screen.getByRole('link', { name: /未收齐的付款批次/ });
    await waitFor(() => expect(within(unpaid).getByTestId('tile-count')).toHaveTextContent('5'));
    expect(unpaid).toHaveAttribute('href', '/administration/realIncome?kind=batches&unpaid=1');
  });
});
