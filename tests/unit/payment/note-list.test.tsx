import { screen, within } from '@testing-library/react';
import { PaymentNoteList } from '@/components/payment/payment-notes';
import { PAYMENT_CODES } from '@/lib/contracts/payment/payment';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

// The notes list marks the note the server answers overdue (still owed past its due date) in its state, where the eye
// looks; a paid note with a past due date and an owed one due later read as they are.

const note = (id: string, noteState: string, dueDate: string, overdue = false) => ({
  id,
  noteNo: `JF20260000${id}`,
  subjectKind: 'application',
  applicationId: '9',
  applicationNo: `SQC202600000${id}`,
  cardSaleId: '',
  orderNo: '',
  batchId: '',
  batchNumber: '',
  certChangeId: '',
  changeNo: '',
  productName: '隔爆型电动机',
  companyId: '5',
  companyName: '南阳华安防爆电机有限公司',
  totalAmount: '100.00',
  paidAmount: noteState === 'paid' ? '100.00' : '0.00',
  unpaidAmount: noteState === 'paid' ? '0.00' : '100.00',
  noteState,
  dueDate,
  overdue,
  payeeInfo: '',
  remark: '',
  issuedBy: '',
  cancelReason: '',
  createTime: '2026-11-01 10:00:00',
});

describe('PaymentNoteList', () => {
  it('says 已逾期 in the state of an owed note past its due date only', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([PAYMENT_CODES.staffPage]),
      '/api/blade-customer/paymentNote/selectPaymentNotesPage': page([
        note('1', 'issued', '2020-01-01', true),
        note('2', 'issued', '2099-12-31'),
        note('3', 'paid', '2020-01-01'),
      ]),
    });
    renderScreen(<PaymentNoteList staff />);
    const row = async (no: string) => (await screen.findByText(no)).closest('[role="row"]') as HTMLElement;
    expect(within(await row('JF202600001')).getByText('待缴费 · 已逾期')).toBeInTheDocument();
    expect(within(await row('JF202600002')).getByText('待缴费')).toBeInTheDocument();
    expect(within(await row('JF202600003')).getByText('已缴清')).toBeInTheDocument();
    expect(screen.getAllByText(/已逾期/)).toHaveLength(1);
  });
});
