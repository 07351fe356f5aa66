import { withCount } from '@/components/shell/badge-label';

describe('a badge button’s name', () => {
  it('carries the count the badge shows, capped like the badge, and nothing for zero', () => {
    expect(withCount('通知', 0, 99)).toBe('通知');
    expect(withCount('通知', 3, 99)).toBe('通知 3');
    expect(withCount('错误日志', 120, 99)).toBe('错误日志 99+');
  });
});
