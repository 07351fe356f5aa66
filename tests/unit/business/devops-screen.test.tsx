import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DevopsRecordScreen } from '@/components/business/devops-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';
import { project } from './fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/administration/devopsRecord',
}));

const USERS = '/api/blade-user/my/userListByName';
const ADD = '/api/business-service/devopsRecord/add';
// Generous waits: on a loaded machine (the whole suite on 2 cores) the default second is not always enough.
const slow = { timeout: 10_000 };

function blade() {
  return fakeBlade({
    '/api/blade-system/menu/buttons': buttonsWith(['devops_record_add', 'devops_record_edit']),
    '/api/blade-system/dict/dictionary': [],
    'POST /api/business-service/project/list': page([project('31', '2', '电机检测项目')]),
    'POST /api/business-service/devopsRecord/list': page([
      {
        id: '8',
        projectId: '31',
        projectName: '电机检测项目',
        devopsDate: '2026-11-20',
        devopsContent: '季度巡检',
        workload: '1.75',
        remark: '',
        devUserList: [
          { devUserId: '701', label: '张三', workload: '0.50' },
          { devUserId: '702', label: '张伟', workload: '1.25' },
        ],
      },
    ]),
    [`GET ${USERS}`]: [{ id: '703', account: 'lisi', realName: '李四', name: '', deptName: '运维部' }],
    [`POST ${ADD}`]: {},
  });
}

describe('devops records', () => {
  it('lists the summed workload and edits the engineers line by line', async () => {
    const calls = blade();
    renderScreen(<DevopsRecordScreen />);
    const row = (await screen.findByText('季度巡检', {}, slow)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('1.75')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    // The engineers of the row, named by it.
    const pickers = within(dialog).getAllByRole('combobox', { name: '运维人员' });
    expect(pickers.map((p) => (p as HTMLInputElement).value)).toEqual(['张三', '张伟']);
    // One removed, one added with its workload.
    fireEvent.click(within(dialog).getAllByRole('button', { name: '移除运维人员' })[0]);
    fireEvent.click(within(dialog).getByRole('button', { name: '添加运维人员' }));
    const added = within(dialog).getAllByRole('combobox', { name: '运维人员' })[1];
    act(() => added.focus());
    fireEvent.mouseDown(added);
    fireEvent.change(added, { target: { value: '李' } });
    await screen.findByRole('option', { name: /李四/ }, slow);
    // On a loaded machine the list may be redrawn (the typed name's answer) between finding an option and clicking it:
    // click until the pick shows in the field, reopening the list if a click went to a detached option.
    await waitFor(() => {
      const picked = within(dialog).getAllByRole('combobox', { name: '运维人员' })[1] as HTMLInputElement;
      if (picked.value !== '李四') {
        const option = screen.queryByRole('option', { name: /李四/ });
        if (option) fireEvent.click(option);
        else fireEvent.mouseDown(picked);
      }
      expect(picked).toHaveValue('李四');
    }, slow);
    fireEvent.change(within(dialog).getAllByLabelText('工作量（人天）')[1], { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.to(ADD)).toHaveLength(1), slow);
    const body = calls.to(ADD)[0].body as { id: string; devUserList: string };
    expect(body.id).toBe('8');
    expect(JSON.parse(body.devUserList)).toEqual([
      { devUserId: '702', label: '张伟', workload: '1.25' },
      { devUserId: '703', workload: '2' },
    ]);
  });
});
