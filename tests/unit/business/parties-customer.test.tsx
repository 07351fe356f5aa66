import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CustomerScreen } from '@/components/business/customer-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/administration/customer',
}));

const LIST = '/api/business-service/customer/list';
const IMPORT = '/api/business-service/customer/setImportCustomer';

const customer = {
  id: '11',
  customerName: '某电机厂',
  creditCode: '',
  contactName: '王工',
  contactPhone: '',
  address: '',
  customerType: '1',
  remark: '',
};

const report = () =>
  new Response(
    JSON.stringify({
      code: 400,
      success: false,
      msg: '第3行：请输入客户名称（共2处错误，未导入任何客户）',
      errorCode: 'business.customer.import.rowErrors',
      data: [
        { row: 3, field: 'customerName', message: '请输入客户名称' },
        { row: 5, field: 'creditCode', message: '统一社会信用代码与第2行重复' },
      ],
    }),
    { status: 400, headers: { 'content-type': 'application/json' } },
  );

function blade(importAnswer: unknown) {
  return fakeBlade({
    '/api/blade-system/menu/buttons': buttonsWith(['customer_add', 'customer_edit', 'customer_delete']),
    '/api/blade-system/dict/dictionary': [{ dictKey: '1', dictValue: '制造企业' }],
    [`POST ${LIST}`]: page([customer]),
    [`POST ${IMPORT}`]: () => importAnswer,
    'POST /api/business-service/customer/update': {},
  });
}

async function importFile(name = 'customers.xlsx') {
  fireEvent.click(await screen.findByRole('button', { name: '导入' }));
  const dialog = await screen.findByRole('dialog');
  // The expected header, by the labels the import looks for.
  expect(within(dialog).getByTestId('import-header')).toHaveTextContent(
    /客户名称 \*统一社会信用代码联系人联系电话地址客户类型备注/,
  );
  const input = within(dialog).getByLabelText('选择文件', { selector: 'input' });
  fireEvent.change(input, { target: { files: [new File(['PK'], name)] } });
  expect(within(dialog).getByTestId('import-file')).toHaveTextContent(name);
  fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
  return dialog;
}

describe('CustomerScreen import', () => {
  it('shows the per-row report of a bad file in the dialog and claims nothing was imported', async () => {
    const calls = blade(report());
    renderScreen(<CustomerScreen />);
    await screen.findByText('某电机厂');
    const listed = calls.to(LIST).length;
    const dialog = await importFile();
    const table = await within(dialog).findByRole('table', { name: '导入错误' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', '客户名称', '请输入客户名称'],
      ['5', '统一社会信用代码', '统一社会信用代码与第2行重复'],
    ]);
    // The server's summary (its key has placeholders the answer carries no values for), then ours.
    expect(within(dialog).getByTestId('import-refusal')).toHaveTextContent(
      '第3行：请输入客户名称（共2处错误',
    );
    expect(within(dialog).getByTestId('import-refusal')).toHaveTextContent(
      '共2处错误，未导入任何客户，请修改文件',
    );
    // The file went as multipart `file`.
    const sent = calls.to(IMPORT)[0].body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.has('file')).toBe(true);
    // Nothing claims success, the dialog stays, the list is not asked again.
    expect(screen.queryByText(/导入\d+条/)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls.to(LIST).length).toBe(listed);
  });

  it('shows why a whole file is refused, without a report', async () => {
    blade(
      new Response(
        JSON.stringify({
          code: 400,
          success: false,
          msg: '只能导入.xlsx格式的Excel文件',
          errorCode: 'business.customer.import.fileType',
          data: {},
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      ),
    );
    renderScreen(<CustomerScreen />);
    await screen.findByText('某电机厂');
    const dialog = await importFile('customers.xls');
    expect(await within(dialog).findByTestId('import-refusal')).toHaveTextContent(
      '只能导入.xlsx格式的Excel文件',
    );
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('import-refusal')).not.toHaveTextContent('未导入任何客户，请');
  });

  it('reports how many were imported and reloads the list', async () => {
    const calls = blade({ imported: 2 });
    renderScreen(<CustomerScreen />);
    await screen.findByText('某电机厂');
    const listed = calls.to(LIST).length;
    await importFile();
    expect(await screen.findByText('导入2条')).toBeInTheDocument();
    await waitFor(() => expect(calls.to(LIST).length).toBeGreaterThan(listed));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits through customer/update (add-only customer/add refuses an id)', async () => {
    const calls = blade({});
    renderScreen(<CustomerScreen />);
    const row = (await screen.findByText('某电机厂')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('联系人'), { target: { value: '李工' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/customer/update')[0]?.body).toMatchObject({
        id: '11',
        contactName: '李工',
      }),
    );
    expect(calls.to('/api/business-service/customer/add')).toHaveLength(0);
  });
});
