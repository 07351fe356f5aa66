import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EventRecordScreen, FieldTaskScreen } from '@/components/business/task-screens';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';
import { project } from './fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/administration/fieldTask',
}));

const LIST = '/api/business-service/fieldTask/list';
const USERS = '/api/blade-user/my/userListByName';

const users = [
  { id: '701', account: 'zhangsan', realName: '张三', name: '小张', deptName: '检测一部' },
  { id: '702', account: 'zhangwei', realName: '张伟', name: '', deptName: '检测二部' },
];

function blade() {
  return fakeBlade({
    '/api/blade-system/menu/buttons': buttonsWith(['field_task_add', 'field_task_edit', 'field_task_delete']),
    '/api/blade-system/dict/dictionary': (call: { query: URLSearchParams }) =>
      call.query.get('code') === 'field_task_status' ? [{ dictKey: '1', dictValue: '待执行' }] : [],
    'POST /api/business-service/project/list': page([project('31', '2', '电机检测项目')]),
    [`POST ${LIST}`]: page([
      {
        id: '5',
        projectId: '31',
        projectName: '电机检测项目',
        taskName: '工厂检查',
        taskType: '1',
        taskStatus: '1',
        startDate: '2026-11-20',
        endDate: null,
        location: '',
        userId: '701',
        userName: '张三',
        content: '',
        remark: '',
      },
    ]),
    [`GET ${USERS}`]: (call: { query: URLSearchParams }) =>
      users.filter(
        (u) =>
          u.realName.includes(call.query.get('name') ?? '') ||
          u.account.includes(call.query.get('name') ?? ''),
      ),
    'POST /api/business-service/fieldTask/add': {},
  });
}

describe('user picker (field tasks)', () => {
  it('shows projectName and userName in the grid', async () => {
    blade();
    renderScreen(<FieldTaskScreen />);
    const row = (await screen.findByText('工厂检查')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('电机检测项目')).toBeInTheDocument();
    expect(within(row).getByText('张三')).toBeInTheDocument();
  });

  it('asks userListByName with what was typed and sends the chosen user id', async () => {
    const calls = blade();
    renderScreen(<FieldTaskScreen />);
    await screen.findByText('工厂检查');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '所属项目' }));
    fireEvent.click(await screen.findByRole('option', { name: '电机检测项目' }));
    fireEvent.change(within(dialog).getByLabelText('任务名称'), { target: { value: '抽样' } });
    fireEvent.change(within(dialog).getByLabelText('开始日期'), { target: { value: '2026-11-25' } });
    const picker = within(dialog).getByRole('combobox', { name: '负责人' });
    // Typing happens in a focused input (an unfocused Autocomplete puts back its value's label on a render).
    act(() => picker.focus());
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '张伟' } });
    await waitFor(() => expect(calls.to(USERS).map((c) => c.query.get('name'))).toContain('张伟'));
    expect(calls.to(USERS).every((c) => c.method === 'GET')).toBe(true);
    fireEvent.click(await screen.findByRole('option', { name: /张伟/ }));
    expect(picker).toHaveValue('张伟');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/fieldTask/add')[0]?.body).toMatchObject({
        projectId: '31',
        taskName: '抽样',
        startDate: '2026-11-25',
        userId: '702',
      }),
    );
  });

  it('edits an event with its responsible user named by the row', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['event_record_edit']),
      '/api/blade-system/dict/dictionary': [],
      'POST /api/business-service/project/list': page([project('31', '2', '电机检测项目')]),
      'POST /api/business-service/eventRecord/list': page([
        {
          id: '6',
          projectId: '31',
          projectName: '电机检测项目',
          eventTitle: '客户投诉',
          eventType: '',
          eventLevel: '',
          eventDate: '2026-11-21',
          userId: '701',
          userName: '张三',
          content: '报告延期',
          remark: '',
        },
      ]),
      'POST /api/business-service/eventRecord/add': {},
    });
    renderScreen(<EventRecordScreen />);
    const row = (await screen.findByText('客户投诉')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('电机检测项目')).toBeInTheDocument();
    expect(within(row).getByText('张三')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: '负责人' })).toHaveValue('张三');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    // business-service's add edits when the body has an id.
    await waitFor(() =>
      expect(calls.to('/api/business-service/eventRecord/add')[0]?.body).toMatchObject({
        id: '6',
        projectId: '31',
        userId: '701',
      }),
    );
    // Nobody typed: the picker asked nothing.
    expect(calls.to(USERS)).toHaveLength(0);
  });
});
