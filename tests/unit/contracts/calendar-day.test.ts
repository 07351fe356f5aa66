import { calendarDay, isCalendarDay } from '@/lib/contracts/inputs';

// One rule for a calendar day in every contract: the form yyyy-MM-dd and a day the calendar has.

describe('calendarDay', () => {
  it('takes the days that exist, leap days in leap years only', () => {
    for (const day of ['2026-01-31', '2028-02-29', '2000-02-29', '1999-12-31'])
      expect(isCalendarDay(day)).toBe(true);
    for (const day of ['2026-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10'])
      expect(isCalendarDay(day)).toBe(false);
  });

  it('refuses other forms with its message, and a missing value with the missing message', () => {
    const schema = calendarDay('必须为日期（yyyy-MM-dd）', '请选择付款日期');
    expect(schema.parse(' 2026-11-27 ')).toBe('2026-11-27');
    for (const bad of ['2026/11/27', '27-11-2026', '2026-1-7', '2026-11-27 10:00', ''])
      expect(schema.safeParse(bad).error?.issues[0].message).toBe('必须为日期（yyyy-MM-dd）');
    expect(schema.safeParse(undefined).error?.issues[0].message).toBe('请选择付款日期');
    expect(schema.safeParse(20261127).error?.issues[0].message).toBe('请选择付款日期');
  });
});
