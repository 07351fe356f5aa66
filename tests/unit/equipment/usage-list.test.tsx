import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CertForm } from '@/components/equipment/cert-form';
import { UsageList } from '@/components/equipment/usage-list';
import { BladeError } from '@/lib/client/fetcher';
import { EQUIPMENT_CODES } from '@/lib/contracts/equipment/equipment';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { renderWithIntl } from '../render';
import { buttonsWith } from '../system/fixtures';

// The bookings list against a fake blade/: which actions each state and button offers, what they send, the exception
// end's required reason, a refusal shown in words; and the certificate form's checks.

const booking = (id: string, usageState: string, purpose: string) => ({
  id,
  equipmentId: '2',
  assetNo: 'YQ-002',
  equipmentName: '耐压测试仪',
  userId: '5',
  userName: '李工',
  startTime: '2026-12-01 09:00:00',
  endTime: '2026-12-01 11:00:00',
  purpose,
  usageState,
  beganAt: '',
  endedAt: '',
  exceptionReason: '',
  createTime: '',
});

const rows = [
  booking('1', 'requested', '预约一'),
  booking('2', 'in_use', '使用中二'),
  booking('3', 'ended', '结束三'),
];
const line = (purpose: string) => screen.getByText(purpose).closest('tr') as HTMLElement;

describe('UsageList', () => {
  it('offers each state its actions by the caller’s buttons and sends them', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(Object.values(EQUIPMENT_CODES)),
      '/api/blade-combusiness/equipmentUsage/page': page(rows),
      'POST /api/blade-combusiness/equipmentUsage/beginEquipmentUsage': booking('1', 'in_use', '预约一'),
      'POST /api/blade-combusiness/equipmentUsage/selectEndEquipmentUsage': new Response(
        JSON.stringify({ code: 400, success: false, data: {}, msg: '当前状态不能进行此操作' }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    });
    renderScreen(<UsageList />);
    expect(await screen.findByText('预约一')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(line('预约一')).getByRole('button', { name: '开始使用' })).toBeInTheDocument(),
    );
    expect(within(line('预约一')).getByRole('button', { name: '修改' })).toBeInTheDocument();
    expect(within(line('预约一')).queryByRole('button', { name: '结束使用' })).not.toBeInTheDocument();
    expect(within(line('使用中二')).getByRole('button', { name: '结束使用' })).toBeInTheDocument();
    expect(within(line('使用中二')).queryByRole('button', { name: '开始使用' })).not.toBeInTheDocument();
    expect(within(line('结束三')).queryAllByRole('button')).toHaveLength(0);
    expect(within(line('使用中二')).getByText('使用中')).toBeInTheDocument();

    fireEvent.click(within(line('预约一')).getByRole('button', { name: '开始使用' }));
    await waitFor(() =>
      expect(calls.to('/api/blade-combusiness/equipmentUsage/beginEquipmentUsage')[0].body).toEqual({
        id: '1',
      }),
    );
    fireEvent.click(within(line('使用中二')).getByRole('button', { name: '结束使用' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('当前状态不能进行此操作');
  });

  it('asks the exception end for its reason before sending it', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([
        EQUIPMENT_CODES.usagePage,
        EQUIPMENT_CODES.usageException,
      ]),
      '/api/blade-combusiness/equipmentUsage/page': page(rows),
      'POST /api/blade-combusiness/equipmentUsage/exceptionEnd': booking('2', 'exception_ended', '使用中二'),
    });
    renderScreen(<UsageList equipmentId="2" />);
    expect(await screen.findByText('使用中二')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.to('/api/blade-combusiness/equipmentUsage/page')[0].query.get('equipmentId')).toBe('2'),
    );
    // Without the add button there is no new booking.
    expect(screen.queryByRole('button', { name: '新增预约' })).not.toBeInTheDocument();
    fireEvent.click(await within(line('使用中二')).findByRole('button', { name: '异常结束' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请填写异常原因')).toBeInTheDocument();
    expect(calls.to('/api/blade-combusiness/equipmentUsage/exceptionEnd')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/异常原因/), { target: { value: '仪器故障' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/blade-combusiness/equipmentUsage/exceptionEnd')[0].body).toEqual({
        id: '2',
        reason: '仪器故障',
      }),
    );
  });
});

describe('CertForm', () => {
  const fill = (label: RegExp, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('checks the required fields and the dates before sending, then sends with the file', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    const onSaved = jest.fn();
    renderWithIntl(<CertForm equipmentId="2" onSaved={onSaved} send={send} />);
    fill(/检定日期/, '2026-11-01');
    fill(/有效期至/, '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请输入证书编号')).toBeInTheDocument();
    expect(screen.getByText('有效期必须晚于检定日期')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    fill(/证书编号/, ' JL-01 ');
    fill(/检定\/校准机构/, '省计量院');
    fill(/有效期至/, '2027-10-31');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /检定结论/ }));
    fireEvent.click(await screen.findByRole('option', { name: '准用' }));
    const scan = new File(['pdf'], '证书.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('证书文件'), { target: { files: [scan] } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith(
      {
        equipmentId: '2',
        certNo: 'JL-01',
        agency: '省计量院',
        calibrationDate: '2026-11-01',
        validTo: '2027-10-31',
        result: '准用',
        remark: '',
      },
      scan,
    );
  });

  it("keeps the server's refusal with what was typed", async () => {
    const send = jest.fn().mockRejectedValue(new BladeError('证书文件须先上传到该设备的档案中', 400, 400));
    renderWithIntl(<CertForm equipmentId="2" onSaved={jest.fn()} send={send} />);
    fill(/证书编号/, 'JL-02');
    fill(/检定\/校准机构/, '省计量院');
    fill(/检定日期/, '2026-11-01');
    fill(/有效期至/, '2027-10-31');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /检定结论/ }));
    fireEvent.click(await screen.findByRole('option', { name: '合格' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('证书文件须先上传到该设备的档案中');
    expect(screen.getByLabelText(/证书编号/)).toHaveValue('JL-02');
  });
});
