import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MyApplications } from '@/components/application/my-applications';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';
import { application } from './fixtures';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push, replace: jest.fn() }),
  usePathname: () => '/application/myApplication',
}));

const LIST = '/api/blade-customer/paymentNote/selectApplicationPage';
const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;

describe('MyApplications', () => {
  it('lists every scheme with state chips, deletes only drafts after confirmation, copies into a new draft', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['application_apply']),
      [LIST]: page([
        application('1', 'draft'),
        application('2', 'testing', {}, 'cqst'),
        application('3', 'returned', { cnexType: 'person' }, 'cnex'),
      ]),
      'POST /api/blade-customer/paymentNote/deleteCcc': {},
      'POST /api/blade-customer/paymentNote/copyCqst': application('4', 'draft', {}, 'cqst'),
    });
    renderScreen(<MyApplications />);
    const draft = await rowOf('隔爆型电机 1');
    const testing = await rowOf('隔爆型电机 2');
    const returned = await rowOf('隔爆型电机 3');
    expect(within(draft).getByText('草稿')).toBeInTheDocument();
    expect(within(testing).getByText('检测中')).toBeInTheDocument();
    expect(within(testing).getByText('自愿性防爆合格证 CQST')).toBeInTheDocument();
    expect(within(returned).getByText('CNEx 服务与人员认证 · 人员注册')).toBeInTheDocument();
    expect(within(testing).queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    for (const name of ['新建 CCC 申请', '新建 CQST 申请', '新建 CNEx 申请'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();

    fireEvent.click(within(draft).getByRole('button', { name: '删除' }));
    const ask = await screen.findByRole('dialog');
    expect(ask).toHaveTextContent('确定删除草稿“隔爆型电机 1”?');
    fireEvent.click(within(ask).getByRole('button', { name: /确定|OK/ }));
    await waitFor(() => expect(calls.to('/api/blade-customer/paymentNote/deleteCcc')).toHaveLength(1));
    expect(calls.to('/api/blade-customer/paymentNote/deleteCcc')[0].query.get('id')).toBe('1');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list reloaded after the delete: its rows are new elements.
    fireEvent.click(within(await rowOf('隔爆型电机 2')).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/application/form?scheme=cqst&id=4'));
    // A returned application opens in the form, one under way in its case page.
    fireEvent.click(within(await rowOf('隔爆型电机 3')).getByRole('button', { name: '打开' }));
    expect(push).toHaveBeenCalledWith('/application/form?scheme=cnex&id=3');
    fireEvent.click(within(await rowOf('隔爆型电机 2')).getByRole('button', { name: '打开' }));
    expect(push).toHaveBeenCalledWith('/application/detail?scheme=cqst&id=2');
  });
});
