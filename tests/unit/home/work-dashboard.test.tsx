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
    // A one-row page of the same call the list makes: only its total is read.
    for (const call of calls.to(MY_APPLICATIONS)) expect(call.query.get('size')).toBe('1');
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
