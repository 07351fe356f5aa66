import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CertificateList } from '@/components/application/certificates';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/businessManagement/certificate',
}));

const PAGE = '/api/blade-customer/certificate/page';
const CHANGE = '/api/blade-customer/certificate/changeStatus';

const cert = (id: string, certStatus: string, validTo = '2099-12-31') => ({
  id,
  certNumber: `20262323010000${id}`,
  version: 1,
  scheme: 'ccc',
  certStatus,
  holderName: '南阳防爆电机有限公司',
  productName: `隔爆型电机 ${id}`,
  issueDate: '2026-11-25',
  validTo,
  exMarkings: [],
});

const rowOf = async (id: string) =>
  (await screen.findByText(`20262323010000${id}`)).closest('[role="row"]') as HTMLElement;
const buttonNames = (row: HTMLElement) =>
  within(row)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('certificate decisions on the staff list', () => {
  it("offers the actions each row's status allows and sends the reason", async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['certificate_status']),
      [PAGE]: page([
        cert('11', 'valid'),
        cert('12', 'suspended'),
        cert('13', 'revoked'),
        cert('14', 'expired', '2020-01-01'),
      ]),
      [CHANGE]: { id: '11', certStatus: 'suspended' },
    });
    renderScreen(<CertificateList staff />);
    await waitFor(async () => expect(buttonNames(await rowOf('11'))).toContain('暂停'));
    expect(buttonNames(await rowOf('11'))).toEqual(['查看', '暂停', '撤销', '注销']);
    expect(buttonNames(await rowOf('12'))).toEqual(['查看', '恢复', '撤销', '注销']);
    expect(buttonNames(await rowOf('13'))).toEqual(['查看']);
    expect(buttonNames(await rowOf('14'))).toEqual(['查看', '撤销', '注销']);

    fireEvent.click(within(await rowOf('11')).getByRole('button', { name: '暂停' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
    expect(calls.to(CHANGE)).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: '原因' }), {
      target: { value: '监督抽查不合格' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.to(CHANGE)).toHaveLength(1));
    expect(calls.to(CHANGE)[0].body).toEqual({ id: '11', action: 'suspend', reason: '监督抽查不合格' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the dialog", async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['certificate_status']),
      [PAGE]: page([cert('21', 'valid')]),
      [CHANGE]: () =>
        new Response(
          JSON.stringify({ code: 400, success: false, data: {}, msg: '证书已暂停，不能进行此操作' }),
          { status: 400 },
        ),
    });
    renderScreen(<CertificateList staff />);
    await waitFor(async () => expect(buttonNames(await rowOf('21'))).toContain('注销'));
    fireEvent.click(within(await rowOf('21')).getByRole('button', { name: '注销' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '原因' }), {
      target: { value: '企业申请注销' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('证书已暂停，不能进行此操作');
  });

  it('offers no decision without the button code', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([]),
      [PAGE]: page([cert('31', 'valid')]),
    });
    renderScreen(<CertificateList staff />);
    expect(buttonNames(await rowOf('31'))).toEqual(['查看']);
  });
});

describe('the status history of a certificate', () => {
  const HISTORY = '/api/blade-customer/certificate/history';
  const DETAIL = '/api/blade-customer/certificate/detail';

  it('lists each decision with its statuses, person, time and reason when the certificate is opened', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([]),
      [PAGE]: page([cert('41', 'valid')]),
      [DETAIL]: cert('41', 'valid'),
      [HISTORY]: [
        {
          id: '1',
          action: 'suspend',
          fromStatus: 'valid',
          toStatus: 'suspended',
          reason: '监督抽查不合格',
          userId: '7',
          userName: '决定人乙',
          createTime: '2026-11-20 09:30:00',
        },
        {
          id: '2',
          action: 'restore',
          fromStatus: 'suspended',
          toStatus: 'valid',
          reason: '整改验证合格',
          userId: '7',
          userName: '决定人乙',
          createTime: '2026-11-25 14:00:00',
        },
      ],
    });
    renderScreen(<CertificateList staff={false} />);
    fireEvent.click(within(await rowOf('41')).getByRole('button', { name: '查看' }));
    const history = await screen.findByRole('list', { name: '状态变更记录' });
    const rows = within(history).getAllByTestId('certificate-history-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '暂停有效 → 暂停2026-11-20 09:30:00 · 决定人乙原因：监督抽查不合格',
      '恢复暂停 → 有效2026-11-25 14:00:00 · 决定人乙原因：整改验证合格',
    ]);
    expect(calls.to(HISTORY)[0].query.get('id')).toBe('41');
  });

  it('says so when the certificate was never decided on', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([]),
      [PAGE]: page([cert('42', 'valid')]),
      [DETAIL]: cert('42', 'valid'),
      [HISTORY]: [],
    });
    renderScreen(<CertificateList staff={false} />);
    fireEvent.click(within(await rowOf('42')).getByRole('button', { name: '查看' }));
    expect(await screen.findByText('自发证以来状态未变更')).toBeInTheDocument();
  });
});
