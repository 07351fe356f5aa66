import { act, renderHook } from '@testing-library/react';
import { usePaging } from '@/components/crud/table-pager';

// The paging of the hand-made tables (archives, loans, bookings, alert tracks and log): a new page size starts again
// from the first page, so the table never asks for a page past its end.

describe('usePaging', () => {
  it('moves between pages and goes back to the first when the size changes', () => {
    const { result } = renderHook(() => usePaging());
    expect(result.current.pager).toMatchObject({ page: 0, size: 10 });
    act(() => result.current.pager.onPage(3));
    expect(result.current).toMatchObject({ page: 3, size: 10 });
    act(() => result.current.pager.onSize(50));
    expect(result.current).toMatchObject({ page: 0, size: 50 });
    act(() => result.current.setPage(2));
    expect(result.current.pager).toMatchObject({ page: 2, size: 50 });
  });
});
