import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MessageScreen } from '@/components/business/message-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/administration/message',
}));

const LIST = '/api/business-service/message/list';
const USERS = '/api/blade-user/my/userListByName';

const sent = {
  id: '90',
  title: '合同HT-001已签订',
  content: '请安排检验',
  category: 2,
  recipientIds: '701,702',
  recipientNames: '张三,张伟',
  recipientCount: 2,
  readCount: 0,
  sender: '管理员',
};

function blade() {
  return fakeBlade({
    '/api/blade-system/menu/buttons': buttonsWith([
      'biz_message_add',
      'biz_message_edit',
      'biz_message_view',
    ]),
    '/api/blade-system/dict/dictionary': (call: { query: URLSearchParams }) =>
      call.query.get('code') === 'message_category'
        ? [
            { dictKey: '1', dictValue: '邮件' },
            { dictKey: '2', dictValue: '消息' },
          ]
        : [],
    [`GET ${LIST}`]: page([sent]),
    'GET /api/business-service/message/detail': sent,
    [`GET ${USERS}`]: [
      { id: '701', account: 'zhangsan', realName: '张三', name: '', deptName: '' },
      { id: '703', account: 'lisi', realName: '李四', name: '', deptName: '' },
    ],
    'POST /api/business-service/message/save': {},
    'POST /api/business-service/message/update': {},
  });
}

describe('MessageScreen', () => {
  it('lists the sent messages (GET) with their recipients and read counts', async () => {
    const calls = blade();
    renderScreen(<MessageScreen />);
    const row = (await screen.findByText('合同HT-001已签订')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('张三,张伟')).toBeInTheDocument();
    expect(within(row).getByText('消息')).toBeInTheDocument();
    expect(calls.to(LIST)[0].method).toBe('GET');
  });

  it('picks several recipients by name and sends their ids comma-joined', async () => {
    const calls = blade();
    renderScreen(<MessageScreen />);
    await screen.findByText('合同HT-001已签订');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '检验安排' } });
    fireEvent.change(within(dialog).getByLabelText('内容'), { target: { value: '周五到厂' } });
    const picker = within(dialog).getByRole('combobox', { name: '收件人' });
    act(() => picker.focus());
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: /张三/ }));
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: /李四/ }));
    expect(calls.to(USERS).length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/message/save')[0]?.body).toMatchObject({
        title: '检验安排',
        content: '周五到厂',
        category: 2,
        recipientIds: '701,703',
      }),
    );
  });

  it('edits through message/update with the recipients named from the detail', async () => {
    const calls = blade();
    renderScreen(<MessageScreen />);
    const row = (await screen.findByText('合同HT-001已签订')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: '张伟' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/message/update')[0]?.body).toMatchObject({
        id: '90',
        recipientIds: '701,702',
      }),
    );
    expect(calls.to('/api/business-service/message/save')).toHaveLength(0);
  });
});
