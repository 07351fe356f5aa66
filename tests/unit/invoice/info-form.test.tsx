import { fireEvent, screen, waitFor } from '@testing-library/react';
import { InfoForm } from '@/components/invoice/info-form';
import { BladeError } from '@/lib/client/fetcher';
import type { InvoiceInfoVO } from '@/lib/contracts/invoice/invoice';
import { renderWithIntl } from '../render';

// The invoice information form with its call given as `send` (saveOrUpdate is blade/'s, tested there): the special
// kind's four fields become required, the taxpayer id is checked, what is sent, and a refusal kept in the form.

const USCC = '91350100M000100Y43';

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function chooseSpecial() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '发票类型' }));
  fireEvent.click(await screen.findByRole('option', { name: '增值税专用发票' }));
}

describe('InfoForm', () => {
  it('requires address, phone, bank and account only for a special invoice', async () => {
    const send = jest.fn();
    renderWithIntl(<InfoForm onClose={jest.fn()} onSaved={jest.fn()} send={send} />);
    type(/发票抬头/, '甲防爆电器有限公司');
    type(/纳税人识别号/, USCC);
    await chooseSpecial();
    expect(screen.getByText('专用发票须填写地址、电话、开户银行和银行账号')).toBeInTheDocument();
    type(/^地址/, '河南省南阳市');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findAllByText('专用发票必须填写')).toHaveLength(3);
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a taxpayer id whose check character is wrong', async () => {
    const send = jest.fn();
    renderWithIntl(<InfoForm onClose={jest.fn()} onSaved={jest.fn()} send={send} />);
    type(/发票抬头/, '甲');
    type(/纳税人识别号/, '91350100M000100Y44');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('纳税人识别号应为18位统一社会信用代码')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends an ordinary invoice with the id upper-cased and the default flag', async () => {
    const saved = { id: '9' } as InvoiceInfoVO;
    const send = jest.fn().mockResolvedValue(saved);
    const onSaved = jest.fn();
    renderWithIntl(<InfoForm onClose={jest.fn()} onSaved={onSaved} send={send} />);
    type(/发票抬头/, ' 甲防爆电器有限公司 ');
    type(/纳税人识别号/, USCC.toLowerCase());
    fireEvent.click(screen.getByRole('checkbox', { name: '设为默认开票信息' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(send).toHaveBeenCalledWith({
      title: '甲防爆电器有限公司',
      taxpayerId: USCC,
      invoiceKind: 'ordinary',
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      email: '',
      isDefault: 1,
    });
  });

  it("keeps the server's refusal in the form", async () => {
    const send = jest.fn().mockRejectedValue(new BladeError('bankName: 专用发票必须填写', 400, 400));
    renderWithIntl(<InfoForm onClose={jest.fn()} onSaved={jest.fn()} send={send} />);
    type(/发票抬头/, '甲');
    type(/纳税人识别号/, USCC);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('bankName: 专用发票必须填写');
  });
});
