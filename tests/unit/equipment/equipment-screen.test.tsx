import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EquipmentScreen } from '@/components/equipment/equipment-screen';
import { StatusChip } from '@/components/equipment/status-chip';
import { EQUIPMENT_CODES } from '@/lib/contracts/equipment/equipment';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { renderWithIntl } from '../render';
import { buttonsWith } from '../system/fixtures';

// The colour chip in words (not colour alone) and the equipment list that shows it per row, with the detail's
// certificates and bookings from the row (the calls answered by a fake blade/).

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/laboratory/equipment',
}));

const row = (id: string, assetNo: string, statusColor: string, statusReason: string, dueSoon = false) => ({
  id,
  assetNo,
  name: '绝缘电阻测试仪',
  model: 'ZC-7',
  serialNo: '',
  location: '电气实验室',
  custodianId: '',
  range: '',
  accuracy: '',
  cycleMonths: 12,
  outOfService: 0,
  remark: '',
  statusColor,
  statusReason,
  dueSoon,
  validTo: dueSoon ? '2026-12-20' : '2027-06-30',
  custodianName: '张工',
});

describe('StatusChip', () => {
  it('says the colour in words, with the reason and the due-soon flag', () => {
    renderWithIntl(<StatusChip color="yellow" reason="limited" dueSoon={true} validTo="2026-12-20" />);
    const chip = screen.getByText('准用').closest('[data-status]');
    expect(chip).toHaveAttribute('data-status', 'yellow');
    expect(chip).toHaveAttribute('title', '准用');
    expect(screen.getByText('即将到期')).toBeInTheDocument();
  });

  it('speaks English too and shows no flag when not due', () => {
    renderWithIntl(<StatusChip color="red" reason="expired" dueSoon={false} />, 'en');
    expect(screen.getByText('Red (out of service)').closest('[data-status]')).toHaveAttribute(
      'title',
      'Certificate expired',
    );
    expect(screen.queryByText('Due soon')).not.toBeInTheDocument();
  });
});

describe('EquipmentScreen', () => {
  it('lists the instruments with their colour and opens the detail with certificates and bookings', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(Object.values(EQUIPMENT_CODES)),
      '/api/blade-system/dict/dictionary': [],
      '/api/blade-combusiness/equipment/page': page([
        row('1', 'YQ-001', 'green', 'ok'),
        row('2', 'YQ-002', 'red', 'expired'),
        row('3', 'YQ-003', 'green', 'ok', true),
      ]),
      '/api/blade-combusiness/equipment/detail': {
        ...row('2', 'YQ-002', 'red', 'expired'),
        certificates: [
          {
            id: '20',
            equipmentId: '2',
            certNo: 'JL-2025-01',
            agency: '省计量院',
            calibrationDate: '2025-01-01',
            validTo: '2025-12-31',
            result: '合格',
            fileId: '',
            fileName: '证书.pdf',
            remark: '',
          },
        ],
      },
      'POST /api/blade-combusiness/equipment/beginUseEquipment': new Response(
        JSON.stringify({
          code: 400,
          success: false,
          data: {},
          msg: '该时段与已有预约（2026-12-01 16:00:00 至 2026-12-01 18:00:00）冲突',
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
      '/api/blade-combusiness/equipmentUsage/page': page([
        {
          id: '30',
          equipmentId: '2',
          assetNo: 'YQ-002',
          equipmentName: '绝缘电阻测试仪',
          userId: '5',
          userName: '李工',
          startTime: '2026-11-01 09:00:00',
          endTime: '2026-11-01 11:00:00',
          purpose: '耐压试验',
          usageState: 'ended',
          beganAt: '',
          endedAt: '',
          exceptionReason: '',
          createTime: '',
        },
      ]),
    });
    renderScreen(<EquipmentScreen />);
    expect(await screen.findByText('YQ-002')).toBeInTheDocument();
    expect(screen.getAllByText('合格')).toHaveLength(2);
    expect(screen.getByText('停用').closest('[data-status]')).toHaveAttribute('data-status', 'red');
    expect(screen.getByText('即将到期')).toBeInTheDocument();

    const grid = screen.getByRole('grid');
    const line = within(grid).getByText('YQ-002').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(line).getByRole('button', { name: '详情' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('JL-2025-01')).toBeInTheDocument();
    expect(within(dialog).getByText('计量证书已过期')).toBeInTheDocument();
    expect(await within(dialog).findByText('耐压试验')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.to('/api/blade-combusiness/equipmentUsage/page')[0].query.get('equipmentId')).toBe('2'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Walk-up use: offered on usable instruments only; a refusal stays in the dialog.
    const rowOf = (assetNo: string) => within(grid).getByText(assetNo).closest('[role="row"]') as HTMLElement;
    expect(within(rowOf('YQ-002')).queryByRole('button', { name: '开始使用' })).not.toBeInTheDocument();
    fireEvent.click(within(rowOf('YQ-001')).getByRole('button', { name: '开始使用' }));
    const use = await screen.findByRole('dialog');
    fireEvent.click(within(use).getByRole('button', { name: '开始使用' }));
    expect(await within(use).findByText('请选择结束时间')).toBeInTheDocument();
    fireEvent.change(within(use).getByLabelText(/结束时间/), { target: { value: '2026-12-01T17:00' } });
    fireEvent.click(within(use).getByRole('button', { name: '开始使用' }));
    expect(await within(use).findByRole('alert')).toHaveTextContent('该时段与已有预约');
    expect(calls.to('/api/blade-combusiness/equipment/beginUseEquipment')[0].body).toEqual({
      id: '1',
      endTime: '2026-12-01 17:00',
      purpose: '',
    });
  });
});
