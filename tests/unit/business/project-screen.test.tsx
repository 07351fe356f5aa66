import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ProjectScreen } from '@/components/business/project-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { allButtons, dictionaryRoute, project, push } from './fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.requireActual('./fixtures').push }),
  usePathname: () => '/administration/projectManagement',
}));

const LIST = '/api/business-service/project/list';

function blade(rows = [project('1', '1', '立项的项目'), project('2', '2', '执行中的项目')]) {
  return fakeBlade({
    '/api/blade-system/menu/buttons': allButtons,
    '/api/blade-system/dict/dictionary': dictionaryRoute,
    [`POST ${LIST}`]: page(rows),
    'POST /api/business-service/project/updateState': {},
    'POST /api/business-service/project/acceptance': {},
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('[role="row"]') as HTMLElement;

describe('ProjectScreen', () => {
  it('lists through a POST with the paging in a JSON body, and shows status labels and amounts', async () => {
    const calls = blade();
    renderScreen(<ProjectScreen />);
    const row = await rowOf('执行中的项目');
    expect(within(row).getByText('执行中')).toBeInTheDocument();
    expect(within(row).getAllByText('100,000.00').length).toBeGreaterThan(0);
    expect(calls.to(LIST)[0]).toMatchObject({ method: 'POST', body: { current: 1, size: 10 } });
    // The page sizes the spec offers.
    expect(screen.getByRole('combobox', { name: /每页|Rows per page/ })).toBeInTheDocument();
  });

  it('offers 变更状态 for 立项 and 执行中, 验收 for 执行中 only, and 详情 opens the detail page', async () => {
    blade();
    renderScreen(<ProjectScreen />);
    const created = await rowOf('立项的项目');
    const running = await rowOf('执行中的项目');
    expect(within(created).getByRole('button', { name: '变更状态' })).toBeInTheDocument();
    expect(within(created).queryByRole('button', { name: '验收' })).not.toBeInTheDocument();
    expect(within(running).getByRole('button', { name: '验收' })).toBeInTheDocument();
    fireEvent.click(within(running).getByRole('button', { name: '详情' }));
    expect(push).toHaveBeenCalledWith('/administration/projectManagement_detail?id=2');
  });

  it('changes the state: the target is required, then the call carries id, target and remark', async () => {
    const calls = blade();
    renderScreen(<ProjectScreen />);
    fireEvent.click(within(await rowOf('立项的项目')).getByRole('button', { name: '变更状态' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请选择目标状态')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '目标状态' }));
    fireEvent.click(await screen.findByRole('option', { name: '执行中' }));
    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: '开工' } });
    const listed = calls.to(LIST).length;
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('操作成功!')).toBeInTheDocument();
    expect(calls.to('/api/business-service/project/updateState')[0].body).toEqual({
      id: '1',
      projectStatus: '2',
      remark: '开工',
    });
    await waitFor(() => expect(calls.to(LIST).length).toBeGreaterThan(listed));
  });

  it('accepts with a day and 0–120 months', async () => {
    const calls = blade();
    renderScreen(<ProjectScreen />);
    fireEvent.click(within(await rowOf('执行中的项目')).getByRole('button', { name: '验收' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('验收：执行中的项目')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('验收日期'), { target: { value: '2026-11-20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入质保期（月）')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('质保期（月）'), { target: { value: '121' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('质保期必须为0到120之间的整数（月）')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('质保期（月）'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/project/acceptance')[0]?.body).toEqual({
        id: '2',
        acceptanceDate: '2026-11-20',
        warrantyPeriod: 12,
      }),
    );
  });
});
