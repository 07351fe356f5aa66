import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CardSaleList } from '@/components/card-sale/sale-list';
import type { CardSaleDetailVO } from '@/lib/contracts/card-sale/card-sale';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/businessManagement/cardSale',
}));

// The order list and detail: the actions follow the state and the caller's buttons, and each sends the order's id.

const SALE = '/api/blade-customer/cccCardSale';

const order = (saleState: CardSaleDetailVO['saleState']): CardSaleDetailVO => ({
  id: '41',
  orderNo: 'BZ2026000001',
  companyId: '7',
  companyName: '甲防爆电器有限公司',
  certificateIds: ['11'],
  totalAmount: '153.00',
  shipTo: '河南省南阳市',
  saleState,
  formFileId: 'f'.repeat(32),
  authLetterFileId: '',
  paymentNoteId: '',
  paymentNoteNo: '',
  rejectReason: '',
  trackingNo: '',
  submittedAt: '2026-11-27 08:00:00',
  createTime: '2026-11-27 08:00:00',
  lines: [
    {
      id: '51',
      lineNo: 1,
      goodsId: '21',
      sku: 'CCC-S-8',
      sizeMm: 8,
      markType: 'S',
      piecesPerSheet: 100,
      piecesPerPack: 5000,
      quantity: 5100,
      unitPrice: '0.03',
      amount: '153.00',
    },
  ],
  certificates: [],
});

describe('CardSaleList', () => {
  it('offers staff the review their button allows (not the reject) and sends the order id', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['card_sale_review']),
      [`GET ${SALE}/selectCccCardSaleDtoPage`]: page([order('submitted')]),
      [`GET ${SALE}/selectCccCardSaleByid`]: order('submitted'),
      [`POST ${SALE}/reviewCccCardSale`]: order('reviewed'),
    });
    renderScreen(<CardSaleList staff />);
    fireEvent.click(await screen.findByText('BZ2026000001'));
    expect(await screen.findByText('153.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退回' })).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '审核' }));
    await waitFor(() => expect(blade.to(`${SALE}/reviewCccCardSale`)).toHaveLength(1));
    expect(blade.to(`${SALE}/reviewCccCardSale`)[0].body).toEqual({ id: '41' });
    expect(await screen.findByText('状态：已审核')).toBeInTheDocument();
  });

  it('lets the customer confirm receipt of a shipped order only', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([]),
      [`GET ${SALE}/selectCccCardSaleDtoPage`]: page([order('shipped')]),
      [`GET ${SALE}/selectCccCardSaleByid`]: { ...order('shipped'), trackingNo: 'SF1' },
      [`POST ${SALE}/receiveCccCardSale`]: order('received'),
    });
    renderScreen(<CardSaleList staff={false} />);
    fireEvent.click(await screen.findByText('BZ2026000001'));
    expect(await screen.findByText('运单号：SF1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '取消订单' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '确认收货' }));
    await waitFor(() => expect(blade.to(`${SALE}/receiveCccCardSale`)[0]?.body).toEqual({ id: '41' }));
  });
});
