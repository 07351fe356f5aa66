import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { InvoiceScreen } from '@/components/business/invoice-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { refused } from '../system/fixtures';
import { financeButtons, financeDictionaries } from './finance-fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/administration/invoice',
}));

const SCAN = 'ab'.repeat(16);

const invoice = {
  id: '7',
  contractId: '900',
  projectId: '1',
  contractCode: 'HT-1',
  contractName: '检测合同',
  invoiceType: '1',
  invoiceSituation: '1',
  invoiceTitle: '某单位',
  invoiceCode: 'FP-001',
  invoiceDate: '2026-11-20',
  invoiceAmount: '5000.00',
  taxesAmount: '300.00',
  fileId: SCAN,
  remark: '',
};

const base = {
  '/api/blade-system/menu/buttons': financeButtons,
  '/api/blade-system/dict/dictionary': financeDictionaries,
  'POST /api/business-service/contract/list': page([
    { id: '900', contractCode: 'HT-1', contractName: '检测合同' },
    { id: '901', contractCode: 'HT-2', contractName: '运维合同' },
  ]),
  '/api/blade-resource/file/getFileAuthKey': { authKey: 'key-1', fileId: SCAN },
};

const fill = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

describe('InvoiceScreen', () => {
  it("shows each invoice's contract, uploads a scan on pick and saves the invoice with its fileId", async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/invoice/list': page([invoice]),
      'POST /api/business-service/invoice/upload': { fileId: SCAN },
      'POST /api/business-service/invoice/add': {},
    });
    renderScreen(<InvoiceScreen />);
    const row = (await screen.findByText('FP-001')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('HT-1')).toBeInTheDocument();
    expect(within(row).getByText('检测合同')).toBeInTheDocument();
    expect(within(row).getByText('5,000.00')).toBeInTheDocument();
    expect(within(row).getByText('已上传扫描件')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('未上传扫描件')).toBeInTheDocument();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /所属合同/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'HT-2 运维合同' }));
    fill(dialog, /发票抬头/, '某单位');
    fill(dialog, /发票号码/, 'FP-002');
    fill(dialog, /开票日期/, '2026-11-21');
    fill(dialog, /发票金额/, '1200.50');

    const scan = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'scan.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('上传扫描件'), { target: { files: [scan] } });
    expect(await within(dialog).findByText('已上传扫描件')).toBeInTheDocument();
    const upload = calls.to('/api/business-service/invoice/upload');
    expect(upload).toHaveLength(1);
    // Multipart with the picked file as `file`, and no invoice id: the fileId goes into the form.
    expect((upload[0].body as FormData).has('file')).toBe(true);
    expect((upload[0].body as FormData).has('id')).toBe(false);
    // The link views the stored scan through a short-lived key, never a token.
    const link = await within(dialog).findByRole('link', { name: '查看扫描件' });
    expect(link.getAttribute('href')).toContain('/api/blade-resource/file/downloadById?');
    expect(link.getAttribute('href')).toContain('authKey=key-1');
    expect(link.getAttribute('href')).toContain(`id=${SCAN}`);

    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/invoice/add')[0]?.body).toMatchObject({
        contractId: '901',
        invoiceCode: 'FP-002',
        invoiceAmount: '1200.50',
        fileId: SCAN,
      }),
    );
  });

  it('refuses a scan that is not png or jpg without uploading, and fixes the contract on edit', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/invoice/list': page([invoice]),
      // An edit is an add with the id (blade/'s submit).
      'POST /api/business-service/invoice/add': () =>
        refused('开票金额合计不能超过合同金额，还可开票100.00元'),
    });
    renderScreen(<InvoiceScreen />);
    const row = (await screen.findByText('FP-001')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    // The stored scan shows as attached, with its link.
    expect(within(dialog).getByText('已上传扫描件')).toBeInTheDocument();
    expect(await within(dialog).findByRole('link', { name: '查看扫描件' })).toBeInTheDocument();
    const contract = within(dialog).getByRole('combobox', { name: /所属合同/ });
    // Read by its id (the list's id filter): the picker never loads the whole contract table.
    await waitFor(() => expect(contract).toHaveValue('HT-1 检测合同'));
    expect(contract).toBeDisabled();
    expect(
      calls.to('/api/business-service/contract/list').some((c) => (c.body as { id?: string }).id === '900'),
    ).toBe(true);

    const pdf = new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('上传扫描件'), { target: { files: [pdf] } });
    expect(await screen.findByText('扫描件仅支持 png、jpg 格式')).toBeInTheDocument();
    expect(calls.to('/api/business-service/invoice/upload')).toHaveLength(0);

    fill(dialog, /发票金额/, '999999.00');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/invoice/add')[0]?.body).toMatchObject({
        id: '7',
        contractId: '900',
        invoiceAmount: '999999.00',
        fileId: SCAN,
      }),
    );
    // The server's refusal (shown by the fetcher) leaves the dialog open with what was typed.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText(/发票金额/)).toHaveValue('999999.00');
  });
});
