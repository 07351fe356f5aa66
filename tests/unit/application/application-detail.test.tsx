import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApplicationDetail } from '@/components/application/application-detail';
import type { ApplicationState } from '@/lib/contracts/application/machine';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';
import { application } from './fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/application/detail',
}));
jest.mock('@/components/files/file-tree-page', () => ({
  FileTreePage: ({ record }: { record: { functionCode: string; dataId: string } }) => (
    <div data-testid="archive">{`${record.functionCode}/${record.dataId}`}</div>
  ),
}));

const CQST = '/api/blade-customer/cqstOrCnvEx/selectCqstOrCnvExDto';
const CCC = '/api/blade-customer/applicationForCcc/selectApplicationForCccByApplicationForCcc';
const SENT = '/api/blade-customer/flowInstance/sampleSent';

describe('ApplicationDetail', () => {
  it('records the samples sent with the courier number when the fee is noticed', async () => {
    let state: ApplicationState = 'fee_noticed';
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['application_apply']),
      [`POST ${CQST}`]: () => application('8', state, {}, 'cqst'),
      '/api/blade-flow/flow_timeline_by_businessId': [
        {
          id: '1',
          action: 'noticeFee',
          fromState: 'accepted',
          toState: 'fee_noticed',
          comment: null,
          userId: '3',
          userName: '受理员',
          createTime: '2026-11-22 09:00:00',
        },
      ],
      [`POST ${SENT}`]: () => {
        state = 'samples_sent';
        return application('8', 'samples_sent', { sampleSent: 1, sampleCourierNo: 'SF123' }, 'cqst');
      },
    });
    renderScreen(<ApplicationDetail scheme="cqst" id="8" />);
    const form = await screen.findByRole('region', { name: '样品寄送' });
    fireEvent.click(within(form).getByRole('button', { name: '确认寄出' }));
    expect(await within(form).findByText('请填写快递单号')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText(/快递单号/), { target: { value: ' SF123 ' } });
    fireEvent.click(within(form).getByRole('button', { name: '确认寄出' }));
    await waitFor(() => expect(calls.to(SENT)).toHaveLength(1));
    expect(calls.to(SENT)[0].body).toEqual({ id: '8', courierNo: 'SF123' });
    await waitFor(() => expect(screen.queryByRole('region', { name: '样品寄送' })).not.toBeInTheDocument());
    expect(screen.getAllByText('样品已寄出').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('tab', { name: '办理记录' }));
    const row = await screen.findByTestId('timeline-row');
    expect(row).toHaveTextContent('发缴费通知');
    expect(row).toHaveTextContent('受理员');
    fireEvent.click(screen.getByRole('tab', { name: '申请资料' }));
    expect(screen.getByTestId('archive')).toHaveTextContent('cqst_application/8');
  });

  it('finds the scheme of an address without one, and shows the issued certificate', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['application_apply']),
      // Another scheme's call does not know the id.
      [`POST ${CCC}`]: () =>
        new Response(JSON.stringify({ code: 404, success: false, data: null, msg: '数据不存在' }), {
          status: 404,
        }),
      [`POST ${CQST}`]: application(
        '9',
        'issued',
        { certificateId: '70', issuedCertNumber: 'CNEx26.0001' },
        'cqst',
      ),
      '/api/blade-customer/certificate/detail': {
        id: '70',
        certNumber: 'CNEx26.0001',
        version: 1,
        scheme: 'cqst',
        certStatus: 'valid',
        holderName: '南阳防爆电机有限公司',
        productName: '隔爆型电机 9',
        issueDate: '2026-11-25',
        validTo: '2031-11-24',
        exMarkings: ['Ex db IIC T4 Gb'],
      },
    });
    renderScreen(<ApplicationDetail scheme={null} id="9" />);
    expect(await screen.findByRole('heading', { name: '证书 CNEx26.0001' })).toBeInTheDocument();
    expect(screen.getByText('2031-11-24')).toBeInTheDocument();
    expect(screen.getByText('有效')).toBeInTheDocument();
    // Closed: nothing left for the customer to do.
    expect(screen.queryByRole('button', { name: '撤回' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '修改' })).not.toBeInTheDocument();
  });
});
