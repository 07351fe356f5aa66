import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BorrowingScreen } from '@/components/paper-archive/borrowing-screen';
import { PAPER_ARCHIVE_CODES as CODES } from '@/lib/contracts/paper-archive/paper-archive';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

// The borrowing screen against a fake blade/: which actions each state offers to which buttons, the rejection's
// required reason, what approve and lend send, a refusal shown in words.

const loan = (id: string, borrowState: string, purpose: string) => ({
  id,
  kind: 'paper',
  applicationId: '9',
  applicationNo: 'SQQ2026000001',
  productName: '隔爆型控制箱',
  archiveId: '7',
  archiveNo: 'SQQ2026000001',
  borrowerId: '5',
  borrowerName: '李工',
  purpose,
  dueDate: '2026-12-08',
  viewDays: null,
  borrowState,
  approverName: '',
  approvedAt: '',
  approveRemark: '',
  viewUntil: '',
  lentAt: '',
  returnedAt: '',
  returnRemark: '',
  createTime: '',
  viewCount: 0,
});

const rows = [
  loan('1', 'submitted', '申请一'),
  loan('2', 'approved', '已批二'),
  loan('3', 'on_loan', '借出三'),
  loan('4', 'overdue', '逾期四'),
];
const line = (purpose: string) => screen.getByText(purpose).closest('tr') as HTMLElement;
const PAGE = '/api/blade-cqst/paperArchivesBorrowing/page';

describe('BorrowingScreen', () => {
  it('offers the team leader approval only, asking a reason for a rejection', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([CODES.borrowPage, CODES.approve]),
      [PAGE]: page(rows),
      'POST /api/blade-cqst/paperArchivesBorrowing/approve': loan('1', 'rejected', '申请一'),
    });
    renderScreen(<BorrowingScreen />);
    expect(await screen.findByText('申请一')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(line('申请一')).getByRole('button', { name: '审批' })).toBeInTheDocument(),
    );
    expect(within(line('已批二')).queryAllByRole('button')).toHaveLength(0);
    expect(within(line('借出三')).queryAllByRole('button')).toHaveLength(0);
    expect(within(line('逾期四')).queryAllByRole('button')).toHaveLength(0);

    fireEvent.click(within(line('申请一')).getByRole('button', { name: '审批' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    expect(await within(dialog).findByText('必填')).toBeInTheDocument();
    expect(calls.to('/api/blade-cqst/paperArchivesBorrowing/approve')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('审批意见'), { target: { value: '与任务无关' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() =>
      expect(calls.to('/api/blade-cqst/paperArchivesBorrowing/approve')[0].body).toEqual({
        id: '1',
        pass: false,
        remark: '与任务无关',
      }),
    );
  });

  it('offers the archivist lend and return, and shows a refusal in words', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([CODES.borrowPage, CODES.manage]),
      [PAGE]: page(rows),
      'POST /api/blade-cqst/paperArchivesBorrowing/manageBorrow': new Response(
        JSON.stringify({ code: 400, success: false, data: {}, msg: '该纸质档案已借出，归还前不能再借' }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    });
    renderScreen(<BorrowingScreen />);
    expect(await screen.findByText('已批二')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(line('已批二')).getByRole('button', { name: '借出' })).toBeInTheDocument(),
    );
    expect(within(line('借出三')).getByRole('button', { name: '归还' })).toBeInTheDocument();
    // An overdue file is still out: it reads 逾期未还 and is taken back the same way.
    expect(within(line('逾期四')).getByText('逾期未还')).toBeInTheDocument();
    expect(within(line('逾期四')).getByRole('button', { name: '归还' })).toBeInTheDocument();
    expect(within(line('申请一')).queryAllByRole('button')).toHaveLength(0);
    fireEvent.click(within(line('已批二')).getByRole('button', { name: '借出' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('该纸质档案已借出，归还前不能再借');
    expect(calls.to('/api/blade-cqst/paperArchivesBorrowing/manageBorrow')[0].body).toEqual({ id: '2' });
  });
});
