import { screen, waitFor, within } from '@testing-library/react';
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

  it('shows nothing to a caller without any listed screen', async () => {
    const calls = fakeBlade({ [ROUTES]: menu('/system/user') });
    renderScreen(<WorkDashboard />);
    await waitFor(() => expect(calls.to(ROUTES)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: '待办与关注' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
