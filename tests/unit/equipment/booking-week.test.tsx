import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BookingWeek, weekStart } from '@/components/equipment/booking-week';
import { EQUIPMENT_CODES } from '@/lib/contracts/equipment/equipment';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

// The week view against a fake blade/: the week's window asked of equipmentUsage/list, bookings placed on their days,
// booking on a day from today on (the form opens on that day), none on a past day.

const today = new Date(2026, 11, 2, 15, 0); // Wednesday 2026-12-02

const booking = (id: string, start: string, end: string, usageState = 'requested') => ({
  id,
  equipmentId: '2',
  assetNo: 'YQ-002',
  equipmentName: '耐压测试仪',
  userId: '5',
  userName: '李工',
  startTime: start,
  endTime: end,
  purpose: '耐压试验',
  usageState,
  beganAt: '',
  endedAt: '',
  exceptionReason: '',
  createTime: '',
});

describe('weekStart', () => {
  it('is the Monday of the week, Sunday included in the week before', () => {
    expect(weekStart(today)).toEqual(new Date(2026, 10, 30));
    expect(weekStart(new Date(2026, 11, 6, 23, 0))).toEqual(new Date(2026, 10, 30));
    expect(weekStart(new Date(2026, 11, 7))).toEqual(new Date(2026, 11, 7));
  });
});

describe('BookingWeek', () => {
  it('shows the week’s bookings on their days and books on a day from today on', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([EQUIPMENT_CODES.usagePage, EQUIPMENT_CODES.usageAdd]),
      '/api/blade-combusiness/equipmentUsage/list': page([
        booking('1', '2026-12-01 09:00:00', '2026-12-01 11:00:00', 'ended'),
        booking('2', '2026-12-03 14:00:00', '2026-12-03 16:30:00'),
      ]),
      '/api/blade-combusiness/equipment/page': page([{ id: '2', assetNo: 'YQ-002', name: '耐压测试仪' }]),
    });
    renderScreen(<BookingWeek today={today} />);
    const thursday = () => document.querySelector('[data-day="2026-12-03"]') as HTMLElement;
    expect(await within(thursday()).findByText('12-03 14:00–12-03 16:30')).toBeInTheDocument();
    expect(within(thursday()).getByText('YQ-002 李工 · 已预约')).toBeInTheDocument();
    const tuesday = document.querySelector('[data-day="2026-12-01"]') as HTMLElement;
    expect(within(tuesday).getByText('YQ-002 李工 · 已结束')).toBeInTheDocument();
    const asked = calls.to('/api/blade-combusiness/equipmentUsage/list')[0].query;
    expect([asked.get('from'), asked.get('to')]).toEqual(['2026-11-30 00:00:00', '2026-12-07 00:00:00']);

    // Yesterday cannot be booked; tomorrow can, and the form opens on it.
    await waitFor(() => expect(screen.getByRole('button', { name: '预约 2026-12-03' })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '预约 2026-12-01' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '预约 2026-12-03' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/开始时间/)).toHaveValue('2026-12-03T09:00');
    expect(within(dialog).getByLabelText(/结束时间/)).toHaveValue('2026-12-03T10:00');

    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '下一周' }));
    await waitFor(() =>
      expect(calls.to('/api/blade-combusiness/equipmentUsage/list').at(-1)?.query.get('from')).toBe(
        '2026-12-07 00:00:00',
      ),
    );
  });
});
