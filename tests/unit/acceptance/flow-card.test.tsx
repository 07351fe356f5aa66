import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FlowCardDialog } from '@/components/acceptance/flow-card-dialog';
import { TestItemScreen } from '@/components/acceptance/test-item-screen';
import { ACCEPTANCE_CODES } from '@/lib/contracts/acceptance/acceptance';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

// The flow card's items (report version, refusal in the server's words kept in the dialog, online editing as view
// only with its reason, coverage) and the dictionary's export through a single-use key in a new window (the calls
// answered by a fake blade/).

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/laboratory/testFlowCard',
}));

const ALL = [...Object.values(ACCEPTANCE_CODES), 'test_item_add', 'test_item_edit', 'test_item_delete'];

const item = {
  id: '11',
  cardId: '1',
  testItemId: '5',
  itemCode: 'XM-001',
  itemName: '外壳耐压试验',
  standardClause: 'GB/T 3836.2-2021 15.1',
  equipmentId: '',
  assetNo: '',
  equipmentName: '',
  reportFileId: 'a'.repeat(32),
  reportFileName: '耐压报告.docx',
  reportVersion: 2,
  remark: '',
  updateTime: '',
};

const refusal = (msg: string) =>
  new Response(JSON.stringify({ code: 400, success: false, data: {}, msg }), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  });

describe('FlowCardDialog', () => {
  it('shows the items with their report version, keeps a refusal in words and answers online editing as view only', async () => {
    const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { calls } = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(ALL),
      '/api/blade-acceptance/testFlowCard/detail': {
        id: '1',
        cardNo: 'LZK-2026-001',
        cardState: 'inTest',
        applicationId: '7',
        applicationNo: 'SQ2026000001',
        sampleNo: 'YP-1',
        remark: '',
        items: [item],
      },
      '/api/blade-acceptance/testItemsDict/oftenUsedItems': page([
        { id: '5', itemCode: 'XM-001', name: '外壳耐压试验' },
      ]),
      '/api/blade-acceptance/testItemsDict/page': page([
        { id: '5', itemCode: 'XM-001', name: '外壳耐压试验' },
        { id: '6', itemCode: 'XM-002', name: '温度试验' },
      ]),
      '/api/blade-combusiness/equipment/page': page([
        { id: '9', assetNo: 'YQ-009', name: '耐压试验装置', statusColor: 'red' },
      ]),
      'POST /api/blade-acceptance/testFlowCardItems/save': refusal(
        '设备处于停用状态（YQ-009：计量证书已过期），不能记录为检测所用设备',
      ),
      '/api/blade-acceptance/testFlowCardItems/onlineEditing': {
        itemId: '11',
        fileId: 'a'.repeat(32),
        fileName: '耐压报告.docx',
        version: 2,
        editable: false,
        reason: '门户暂不提供报告的在线编辑：请下载当前版本，编辑后通过“上传报告”提交为新版本',
      },
      '/api/blade-resource/file/getFileAuthKey': { authKey: 'k' },
      '/api/blade-acceptance/coverageEvaluationForm/certifiedProjects': {
        applicationId: '7',
        productName: '隔爆型电动机',
        exMarkings: ['Ex db IIB T4 Gb'],
        protectionTypes: ['d'],
        conclusion: 'partial',
        items: [
          {
            testItemId: '5',
            itemCode: 'XM-001',
            name: '外壳耐压试验',
            standardClause: '15.1',
            protectionTypes: 'd',
            accredited: true,
            fee: '1200.00',
            tested: true,
            reportVersion: 2,
          },
        ],
      },
    });
    renderScreen(<FlowCardDialog id="1" onClose={() => undefined} onChanged={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('耐压报告.docx')).toBeInTheDocument();
    expect(within(dialog).getByText('第 2 版')).toBeInTheDocument();

    // Add with the red instrument: the server refuses, the words stay in the dialog.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '检测项目' }));
    fireEvent.click(await screen.findByRole('option', { name: 'XM-002 温度试验' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '所用设备' }));
    fireEvent.click(await screen.findByRole('option', { name: 'YQ-009 耐压试验装置（停用）' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '添加检测项目' }));
    expect(await within(dialog).findByText(/不能记录为检测所用设备/)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/testFlowCardItems/save'))?.body).toEqual({
      cardId: '1',
      testItemId: '6',
      equipmentId: '9',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: '在线编辑' }));
    expect(await within(dialog).findByText(/门户暂不提供报告的在线编辑/)).toBeInTheDocument();
    await waitFor(() => expect(opened).toHaveBeenCalled());

    fireEvent.click(within(dialog).getByRole('button', { name: '评价' }));
    expect(await within(dialog).findByText(/部分覆盖/)).toBeInTheDocument();
    expect(within(dialog).getByText('已检测（第 2 版）')).toBeInTheDocument();
    opened.mockRestore();
  });
});

describe('TestItemScreen', () => {
  it('exports in a new window with a single-use key, never the session', async () => {
    const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { calls } = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(ALL),
      '/api/blade-system/dict/dictionary': [],
      '/api/blade-acceptance/testItemsDict/page': page([
        {
          id: '5',
          itemCode: 'XM-001',
          name: '外壳耐压试验',
          standardClause: '15.1',
          protectionTypes: 'd',
          fee: '1200.50',
          accredited: 1,
        },
      ]),
      '/api/blade-cqst/exportExcel/getAuthKey': { authKey: '350001.key', expiresIn: 60 },
    });
    renderScreen(<TestItemScreen />);
    expect(await screen.findByText('外壳耐压试验')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(opened).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/blade-cqst/exportExcel/getAuthKey')?.query.get('export')).toBe(
      'testItems',
    );
    const url = String(opened.mock.calls[0][0]);
    expect(url).toContain('/api/blade-acceptance/testItemsDict/export?');
    expect(url).toContain('authKey=350001.key');
    opened.mockRestore();
  });
});
