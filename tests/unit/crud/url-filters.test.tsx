import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { BusinessScreen } from '@/components/application/business-list';
import { filteredHref, readUrlFilters, useUrlSearch } from '@/components/crud/use-url-filters';
import { clearKeepAlive } from '@/components/shell/shell-context';
import { application } from '../application/fixtures';
import { buttonsWith } from '../system/fixtures';
import { fakeBlade, page } from './fake-blade';
import { renderScreen } from './wrap';

// The page's URL as the App Router would give it; each test sets it before rendering.
let query = new URLSearchParams();
jest.mock('next/navigation', () => ({
  useSearchParams: () => query,
  usePathname: () => '/businessManagement/accepted',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn() }),
}));

const NAMES = ['productName', 'flowState', 'isFinished'] as const;

afterEach(() => clearKeepAlive());

describe('readUrlFilters and filteredHref', () => {
  it("keeps only the screen's search fields that have a value, trimmed", () => {
    const url = new URLSearchParams('flowState=samples_received&kind=paper&productName=%20%20&isFinished=0');
    expect(readUrlFilters(url, NAMES)).toEqual({ flowState: 'samples_received', isFinished: '0' });
    expect(readUrlFilters(null, NAMES)).toEqual({});
  });

  it('builds the link whose query readUrlFilters reads back', () => {
    const href = filteredHref('/businessManagement/accepted', {
      flowState: 'samples_received',
      isFinished: '0',
    });
    expect(href).toBe('/businessManagement/accepted?flowState=samples_received&isFinished=0');
    expect(readUrlFilters(new URL(href, 'http://x').searchParams, NAMES)).toEqual({
      flowState: 'samples_received',
      isFinished: '0',
    });
    expect(filteredHref('/businessManagement/ccc', {})).toBe('/businessManagement/ccc');
  });
});

describe('useUrlSearch', () => {
  it("starts from the URL's filters, then searches as the person types", () => {
    query = new URLSearchParams('flowState=accepted');
    const { result } = renderHook(() => useUrlSearch(NAMES));
    expect(result.current.search).toEqual({ flowState: 'accepted' });
    expect(result.current.barKey).not.toBe('');
    act(() => result.current.setSearch({ productName: '电机' }));
    expect(result.current.search).toEqual({ productName: '电机' });
  });

  it('starts empty without filters in the URL', () => {
    query = new URLSearchParams('kind=paper');
    const { result } = renderHook(() => useUrlSearch(NAMES));
    expect(result.current.search).toEqual({});
    expect(result.current.barKey).toBe('');
  });

  it('replaces the search, and re-keys the bar, when a link brings other filters to the open page', () => {
    query = new URLSearchParams('flowState=accepted');
    const { result, rerender } = renderHook(() => useUrlSearch(NAMES));
    act(() => result.current.setSearch({ productName: '电机' }));
    const firstKey = result.current.barKey;
    query = new URLSearchParams('isFinished=0');
    rerender();
    expect(result.current.search).toEqual({ isFinished: '0' });
    expect(result.current.barKey).not.toBe(firstKey);
  });

  it("lets a link's filters win over a search kept with the tab, and keeps the person's later search", () => {
    query = new URLSearchParams();
    const first = renderHook(() => useUrlSearch(NAMES, 'crud|/api/x'));
    act(() => first.result.current.setSearch({ productName: '电机' }));
    first.unmount();

    query = new URLSearchParams('flowState=testing');
    const second = renderHook(() => useUrlSearch(NAMES, 'crud|/api/x'));
    expect(second.result.current.search).toEqual({ flowState: 'testing' });
    act(() => second.result.current.setSearch({ flowState: 'testing', productName: '灯' }));
    second.unmount();

    // Coming back to the tab with the same link: the person's search, not the link's again.
    const third = renderHook(() => useUrlSearch(NAMES, 'crud|/api/x'));
    expect(third.result.current.search).toEqual({ flowState: 'testing', productName: '灯' });
  });
});

describe('a list opened from a link', () => {
  it("asks its call for the link's filters from the first request and shows them in the search bar", async () => {
    query = new URLSearchParams('flowState=samples_received&isFinished=0');
    const ACCEPTED = '/api/blade-customer/paymentNote/selectAcceptedApplicationForCccBusinessManagementPage';
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([]),
      [ACCEPTED]: page([application('21', 'samples_received')]),
    });
    renderScreen(<BusinessScreen name="accepted" />);
    await waitFor(() => expect(calls.to(ACCEPTED).length).toBeGreaterThan(0));
    // Every request, the first included: no unfiltered count flashes before the link's.
    for (const call of calls.to(ACCEPTED)) {
      expect(Object.fromEntries(call.query)).toMatchObject({
        flowState: 'samples_received',
        isFinished: '0',
      });
    }
    const search = screen.getByRole('search');
    expect(within(search).getByRole('combobox', { name: '办结' })).toHaveTextContent('办理中');
    expect(within(search).getByRole('combobox', { name: /状态/ })).toHaveTextContent(/样品已/);
  });
});
