import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OrderForm } from '@/components/card-sale/order-form';
import { BladeError } from '@/lib/client/fetcher';
import type { CardSaleDetailVO, CardSaleInitVO } from '@/lib/contracts/card-sale/card-sale';
import { renderWithIntl } from '../render';

// The order form with its save given as `save` (the call is blade/'s, tested there): the live exact total, the
// sheet/pack rule as typed, what it sends, and a refusal kept in the form.

const init: CardSaleInitVO = {
  certificates: [
    {
      id: '11',
      certNumber: '2023230101000001',
      holderName: '甲防爆电器有限公司',
      factoryName: '一厂',
      productName: '隔爆型电动机',
      productCategory: '2301',
      validTo: '2029-12-31',
      certStatus: 'valid',
    },
  ],
  goods: [
    {
      id: '21',
      sku: 'CCC-S-8',
      sizeMm: 8,
      markType: 'S',
      piecesPerSheet: 100,
      piecesPerPack: 5000,
      unitPrice: '0.03',
      stockQty: 100000,
      onSale: 1,
    },
  ],
  shipTo: '河南省南阳市 张三',
};

const quantity = () => screen.getByLabelText('数量（枚）');

describe('OrderForm', () => {
  it('shows the exact total of whole sheets and packs as typed', () => {
    renderWithIntl(<OrderForm init={init} save={jest.fn()} onSaved={jest.fn()} />);
    fireEvent.change(quantity(), { target: { value: '5100' } });
    expect(screen.getByTestId('order-total')).toHaveTextContent('153.00');
    expect(screen.getByTestId('line-amount-0')).toHaveTextContent('153.00');
    fireEvent.change(quantity(), { target: { value: '300' } });
    expect(screen.getByTestId('order-total')).toHaveTextContent('9.00');
  });

  it('names the sheet and pack sizes for loose pieces and does not save', () => {
    const save = jest.fn();
    renderWithIntl(<OrderForm init={init} save={save} onSaved={jest.fn()} />);
    fireEvent.change(quantity(), { target: { value: '150' } });
    expect(screen.getByText('CCC-S-8须按整版（100枚）或整包（5000枚）购买')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('--');
    const button = screen.getByRole('button', { name: '保存草稿' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the certificates, the lines in pieces and the total seen', async () => {
    const after = { id: '99', saleState: 'draft' } as CardSaleDetailVO;
    const save = jest.fn().mockResolvedValue(after);
    const onSaved = jest.fn();
    renderWithIntl(<OrderForm init={init} save={save} onSaved={onSaved} />);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.change(quantity(), { target: { value: '5000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(after));
    expect(save).toHaveBeenCalledWith({
      certificateIds: ['11'],
      lines: [{ goodsId: '21', quantity: 5000 }],
      totalAmount: '150.00',
      shipTo: '河南省南阳市 张三',
    });
  });

  it("keeps the server's refusal in the form", async () => {
    const save = jest.fn().mockRejectedValue(new BladeError('所选证书须为本单位有效的CCC证书', 400, 200));
    renderWithIntl(<OrderForm init={init} save={save} onSaved={jest.fn()} />);
    fireEvent.change(quantity(), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('所选证书须为本单位有效的CCC证书');
  });
});
