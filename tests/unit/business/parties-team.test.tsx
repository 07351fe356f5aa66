import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TeamScreen } from '@/components/business/team-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/administration/team',
}));

const TEAMS = '/api/business-service/team/listTeam';
const MEMBERS = '/api/business-service/team/listTeamUser';

const team = {
  id: '50',
  teamName: '电机实验室',
  leaderId: '701',
  leaderName: '张三',
  deptId: null,
  deptName: '',
  memberCount: 1,
  remark: '',
};

function blade() {
  return fakeBlade({
    '/api/blade-system/menu/buttons': buttonsWith([
      'team_add',
      'team_edit',
      'team_user_add',
      'team_user_edit',
    ]),
    '/api/blade-system/dict/dictionary': [
      { dictKey: '1', dictValue: '组长' },
      { dictKey: '2', dictValue: '成员' },
    ],
    [`GET ${TEAMS}`]: page([team]),
    [`GET ${MEMBERS}`]: (call: { query: URLSearchParams }) =>
      call.query.get('teamId') === '50'
        ? page([
            {
              id: '81',
              teamId: '50',
              userId: '702',
              userName: 'zw',
              realName: '张伟',
              account: 'zhangwei',
              teamRole: '1',
              remark: '防爆电机',
            },
          ])
        : page([]),
    [`GET /api/blade-user/my/userListByName`]: [
      { id: '703', account: 'lisi', realName: '李四', name: '', deptName: '' },
    ],
    'POST /api/business-service/team/saveTeamUser': {},
    'POST /api/business-service/team/updateTeam': {},
  });
}

describe('TeamScreen', () => {
  it("lists a team's members with its teamId (GET) and adds one to that team", async () => {
    const calls = blade();
    renderScreen(<TeamScreen />);
    const row = (await screen.findByText('电机实验室')).closest('[role="row"]') as HTMLElement;
    expect(calls.to(TEAMS)[0].method).toBe('GET');
    expect(within(row).getByText('张三')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '成员' }));
    const panel = await screen.findByRole('region', { name: '团队成员：电机实验室' });
    expect(await within(panel).findByText('张伟')).toBeInTheDocument();
    expect(within(panel).getByText('组长')).toBeInTheDocument();
    expect(calls.to(MEMBERS)[0]).toMatchObject({ method: 'GET' });
    expect(calls.to(MEMBERS).every((c) => c.query.get('teamId') === '50')).toBe(true);

    fireEvent.click(within(panel).getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: '成员' });
    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: /李四/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/team/saveTeamUser')[0]?.body).toMatchObject({
        teamId: '50',
        userId: '703',
        teamRole: '2',
      }),
    );
  });

  it('edits a team through updateTeam, keeping its leader', async () => {
    const calls = blade();
    renderScreen(<TeamScreen />);
    const row = (await screen.findByText('电机实验室')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: '负责人' })).toHaveValue('张三');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/team/updateTeam')[0]?.body).toMatchObject({
        id: '50',
        teamName: '电机实验室',
        leaderId: '701',
      }),
    );
  });
});
