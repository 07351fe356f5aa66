import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BookingForm } from '@/components/equipment/booking-form';
import { BladeError } from '@/lib/client/fetcher';
import type { EquipmentUsageVO } from '@/lib/contracts/equipment/equipment';
import { renderWithIntl } from '../render';

// The booking form with its call given as `send` (the save and its constraint are blade/'s, tested there): what it
// checks before sending, what it sends, and the server's refusal shown while the dialog stays open.

const equipment = [
  { id: '11', assetNo: 'YQ-001', name: '绝缘电阻测试仪' },
  { id: '12', assetNo: 'YQ-002', name: '耐压测试仪' },
];

async function choose(name: RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /设备/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

const time = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('BookingForm', () => {
  it('refuses a missing instrument and an end before the start without sending', async () => {
    const send = jest.fn();
    renderWithIntl(<BookingForm equipment={equipment} onClose={jest.fn()} onSaved={jest.fn()} send={send} />);
    time(/开始时间/, '2026-12-01T10:00');
    time(/结束时间/, '2026-12-01T09:00');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请选择设备')).toBeInTheDocument();
    expect(screen.getByText('结束时间必须晚于开始时间')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the booking in the calls’ time format and hands back the saved one', async () => {
    const saved = { id: '90', usageState: 'requested' } as EquipmentUsageVO;
    const send = jest.fn().mockResolvedValue(saved);
    const onSaved = jest.fn();
    renderWithIntl(<BookingForm equipment={equipment} onClose={jest.fn()} onSaved={onSaved} send={send} />);
    await choose(/YQ-002/);
    time(/开始时间/, '2026-12-01T09:00');
    time(/结束时间/, '2026-12-01T11:30');
    fireEvent.change(screen.getByLabelText('用途'), { target: { value: ' 耐压试验 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(send).toHaveBeenCalledWith({
      equipmentId: '12',
      startTime: '2026-12-01 09:00',
      endTime: '2026-12-01 11:30',
      purpose: '耐压试验',
    });
  });

  it("shows the server's refusal and stays open with what was typed", async () => {
    const refusal = '该时段与已有预约（2026-12-01 09:00:00 至 2026-12-01 11:00:00）冲突';
    const send = jest.fn().mockRejectedValue(new BladeError(refusal, 400, 400));
    const onSaved = jest.fn();
    const onClose = jest.fn();
    renderWithIntl(
      <BookingForm
        equipment={equipment}
        fixedEquipmentId="11"
        onClose={onClose}
        onSaved={onSaved}
        send={send}
      />,
    );
    time(/开始时间/, '2026-12-01T10:00');
    time(/结束时间/, '2026-12-01T12:00');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/开始时间/)).toHaveValue('2026-12-01T10:00');
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ equipmentId: '11' }));
  });

  it('opens an existing booking for a move and sends its id', async () => {
    const booking = {
      id: '70',
      equipmentId: '11',
      startTime: '2026-12-02 08:00:00',
      endTime: '2026-12-02 09:00:00',
      purpose: '校验',
    } as EquipmentUsageVO;
    const send = jest.fn().mockResolvedValue(booking);
    renderWithIntl(
      <BookingForm
        equipment={equipment}
        booking={booking}
        onClose={jest.fn()}
        onSaved={jest.fn()}
        send={send}
      />,
    );
    expect(screen.getByText('修改预约')).toBeInTheDocument();
    time(/结束时间/, '2026-12-02T10:00');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({
        id: '70',
        equipmentId: '11',
        startTime: '2026-12-02 08:00',
        endTime: '2026-12-02 10:00',
        purpose: '校验',
      }),
    );
  });
});
