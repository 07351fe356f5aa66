import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BatchScreen, percentTotal } from '@/components/business/batch-screen';
import { ContractDetail } from '@/components/business/contract-detail';
import { ContractScreen } from '@/components/business/contract-screen';
import { fakeBlade, page, type RecordedCall } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { allButtons, batch, dictionaryRoute, project } from './fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/administration/contractManagement',
}));

const contract = {
  id: '900',
  contractId: '900',
  projectId: '1',
  projectName: '检测项目',
  contractName: '检测合同',
  contractCode: 'HT-1',
  contractType: '',
  paymentMethod: '',
  signedDate: null,
  contractAmount: '100000.00',
  receivedAmount: '10000.00',
  unpaidAmount: '90000.00',
  contractStatus: '1',
  acceptanceDate: null,
  warrantyPeriod: null,
  warrantyExpire: null,
  maxFileSize: null,
  remark: '',
};

const base = {
  '/api/blade-system/menu/buttons': allButtons,
  '/api/blade-system/dict/dictionary': dictionaryRoute,
};

describe('percentTotal', () => {
  it('adds decimal texts exactly and names what is left to 100', () => {
    expect(percentTotal([{ percent: '33.33' }, { percent: '33.33' }, { percent: '33.3' }])).toEqual({
      total: '99.96',
      room: '0.04',
    });
    expect(percentTotal([{ percent: '30' }, { percent: '70.00' }])).toEqual({ total: '100.00', room: null });
  });
});

describe('ContractScreen', () => {
  it('picks the project in a select of projects and shows its name in the grid', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/contract/list': page([contract]),
      'POST /api/business-service/project/list': page([
        project('1', '2', '检测项目'),
        project('2', '1', '另一个'),
      ]),
      'POST /api/business-service/contract/add': {},
    });
    renderScreen(<ContractScreen />);
    expect(await screen.findByText('检测项目')).toBeInTheDocument();
    // No project list is loaded for a select: the picker asks the server as one types.
    expect(calls.to('/api/business-service/project/list')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: /所属项目/ });
    fireEvent.mouseDown(picker);
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['检测项目', '另一个']);
    expect(calls.to('/api/business-service/project/list')[0].body).toEqual({ current: 1, size: 20 });
    // Typing happens in a focused field (a blurred Autocomplete puts its value's label back in the input).
    act(() => picker.focus());
    fireEvent.change(picker, { target: { value: '检测' } });
    await waitFor(() =>
      expect(calls.to('/api/business-service/project/list').at(-1)!.body).toEqual({
        current: 1,
        size: 20,
        projectName: '检测',
      }),
    );
    fireEvent.click(await screen.findByRole('option', { name: '检测项目' }));
    expect(picker).toHaveValue('检测项目');
  });

  it('fixes the project on its detail page: filtered list, no project field, the id in the body', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/contract/list': page([contract]),
      'POST /api/business-service/contract/add': {},
    });
    renderScreen(<ContractScreen projectId="1" />);
    expect(await screen.findByText('检测合同')).toBeInTheDocument();
    expect(calls.to('/api/business-service/contract/list')[0].body).toMatchObject({ projectId: '1' });
    expect(calls.to('/api/business-service/project/list')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(/所属项目/)).not.toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/合同名称/), { target: { value: '新合同' } });
    fireEvent.change(within(dialog).getByLabelText(/合同编号/), { target: { value: 'HT-2' } });
    fireEvent.change(within(dialog).getByLabelText(/合同金额/), { target: { value: '100000.00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/contract/add')[0]?.body).toMatchObject({
        projectId: '1',
        contractName: '新合同',
        contractAmount: '100000.00',
      }),
    );
  });

  it('ends a contract only with a reason', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/contract/list': page([contract]),
      'POST /api/business-service/project/list': page([]),
      'POST /api/business-service/contract/end': {},
    });
    renderScreen(<ContractScreen />);
    const row = (await screen.findByText('检测合同')).closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '终止' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入终止原因')).toBeInTheDocument();
    expect(calls.to('/api/business-service/contract/end')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/终止原因/), { target: { value: '客户取消' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/contract/end')[0]?.body).toEqual({
        id: '900',
        remark: '客户取消',
      }),
    );
  });
});

describe('BatchScreen', () => {
  it('sums the percents, warns under 100%, and adds batches to its contract', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/contractBatch/list': page([batch('1', '30.00'), batch('2', '30.00')]),
      'POST /api/business-service/contractBatch/addPay': {},
    });
    renderScreen(<BatchScreen contractId="900" editable />);
    expect(await screen.findByText('付款比例合计：60.00%')).toBeInTheDocument();
    expect(screen.getByText('付款比例合计不足100%，还有40.00%未分配')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/批次名称/), { target: { value: '尾款' } });
    fireEvent.change(within(dialog).getByLabelText(/付款比例/), { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/contractBatch/addPay')[0]?.body).toMatchObject({
        contractId: '900',
        batchName: '尾款',
        percent: '40.00',
      }),
    );
  });

  it('handles a batch as abnormal with a required reason; an abnormal batch offers it no more', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/contractBatch/list': page([batch('1', '30.00'), batch('2', '70.00', 1)]),
      'POST /api/business-service/contractBatch/abnormalHandling': {},
    });
    renderScreen(<BatchScreen contractId="900" editable />);
    expect(await screen.findByText('付款比例合计：100.00%')).toBeInTheDocument();
    expect(screen.queryByText(/不足100%/)).not.toBeInTheDocument();
    const second = (await screen.findByText('第2批')).closest('[role="row"]') as HTMLElement;
    expect(within(second).queryByRole('button', { name: '异常处理' })).not.toBeInTheDocument();
    const first = screen.getByText('第1批').closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(first).getByRole('button', { name: '异常处理' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入异常原因')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/异常原因/), { target: { value: '客户一次付清' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/contractBatch/abnormalHandling')[0]?.body).toEqual({
        id: '1',
        abnormalReason: '客户一次付清',
      }),
    );
  });
});

describe('ContractDetail', () => {
  it('reads the contract through its list by id and shows the amount with its capitals', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/contract/list': (call: RecordedCall) =>
        page(
          [{ ...contract, id: '899', contractName: '别的合同' }, contract].filter(
            (c) => c.id === (call.body as { id?: string }).id,
          ),
        ),
      'POST /api/business-service/contractBatch/list': page([]),
    });
    renderScreen(<ContractDetail id="900" />);
    expect(await screen.findByRole('heading', { name: '检测合同' })).toBeInTheDocument();
    expect(calls.to('/api/business-service/contract/list')[0].body).toMatchObject({ id: '900', size: 1 });
    expect(screen.getByText('100,000.00（大写：壹拾万元整）')).toBeInTheDocument();
    expect(screen.getByText('90,000.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('执行中'));
    expect(screen.getByRole('link', { name: '检测项目' })).toHaveAttribute(
      'href',
      '/administration/projectManagement_detail?id=1',
    );
  });

  it('opens the contract’s archive tree (function contract, this id) in its 附件 tab', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/contract/list': page([contract]),
      'POST /api/business-service/contractBatch/list': page([]),
      // The tree blade/ answers a caller who may upload here (flags ANDed with the caller's rights on the contract).
      '/api/blade-resource/fileCatalog/selectFileList': (call: RecordedCall) =>
        call.query.get('parentId') === '0'
          ? [
              {
                id: '71',
                parentId: '0',
                catalogName: '合同档案',
                canUpload: 0,
                canAddAppNode: 0,
                canEdit: 1,
                canView: 1,
                canDownload: 1,
                isLeaf: false,
                fileCount: 0,
                nodeFileCount: 0,
                isMissing: 0,
              },
            ]
          : [],
    });
    renderScreen(<ContractDetail id="900" />);
    fireEvent.click(await screen.findByRole('tab', { name: '附件' }));
    expect(await screen.findByText('合同档案')).toBeInTheDocument();
    const tree = calls.to('/api/blade-resource/fileCatalog/selectFileList')[0];
    expect(tree.query.get('functionCode')).toBe('contract');
    expect(tree.query.get('dataId')).toBe('900');
  });

  it('says so when the id reaches no contract', async () => {
    // The list's id filter finds nothing.
    fakeBlade({ ...base, 'POST /api/business-service/contract/list': page([]) });
    renderScreen(<ContractDetail id="12345" />);
    expect(await screen.findByText('记录不存在或无权查看')).toBeInTheDocument();
  });
});
