import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RegionScreen } from '@/components/system/region-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from './fixtures';

describe('RegionScreen', () => {
  it('cascades province → city and lists the children of the deepest choice', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['region_add']),
      '/api/blade-system/region/select': (call: { query: URLSearchParams }) =>
        call.query.get('code') === '00'
          ? [{ code: '32', name: '江苏省' }]
          : call.query.get('code') === '32'
            ? [{ code: '3201', name: '南京市' }]
            : [],
      '/api/blade-system/region/list': (call: { query: URLSearchParams }) =>
        page(
          call.query.get('parentCode') === '3201'
            ? [{ code: '320102', parentCode: '3201', name: '玄武区', level: 3, sort: 1 }]
            : [{ code: '32', parentCode: '00', name: '江苏省', level: 1, sort: 1 }],
        ),
    });
    renderScreen(<RegionScreen />);
    expect(await screen.findByRole('gridcell', { name: '江苏省' })).toBeInTheDocument();
    const cascade = screen.getByRole('group', { name: '区划选择' });
    fireEvent.mouseDown(within(cascade).getByRole('combobox', { name: '省份' }));
    fireEvent.click(await screen.findByRole('option', { name: '江苏省' }));
    await waitFor(() =>
      expect(within(cascade).getByRole('combobox', { name: '地市' })).not.toHaveAttribute('aria-disabled'),
    );
    fireEvent.mouseDown(within(cascade).getByRole('combobox', { name: '地市' }));
    fireEvent.click(await screen.findByRole('option', { name: '南京市' }));
    expect(await screen.findByRole('gridcell', { name: '玄武区' })).toBeInTheDocument();
    expect(blade.to('/api/blade-system/region/list').at(-1)?.query.get('parentCode')).toBe('3201');
  });
});
