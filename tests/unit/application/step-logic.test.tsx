import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CasePage, StepButtons } from '@/components/application/case-page';
import {
  customerSteps,
  offersFactoryCheck,
  offersSampleSent,
  staffSteps,
  stepInput,
} from '@/components/application/step-logic';
import { APPLICATION_CODES, type ApplicationState } from '@/lib/contracts/application/machine';
import { fakeBlade } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, refused } from '../system/fixtures';
import { application } from './fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/businessManagement/case',
}));
jest.mock('@/components/files/file-tree-page', () => ({
  FileTreePage: ({ record }: { record: { functionCode: string; dataId: string } }) => (
    <div data-testid="archive">{`${record.functionCode}/${record.dataId}`}</div>
  ),
}));

const holding =
  (...codes: string[]) =>
  (code: string) =>
    codes.includes(code);
const names = (list: { name: string }[]) => list.map((t) => t.name);
const C = APPLICATION_CODES;

describe('the steps a case offers', () => {
  it('offers the acceptance clerk accept and return on a submitted CCC application, nobody else anything', () => {
    expect(names(staffSteps('ccc', 'submitted', holding(C.accept)))).toEqual(['accept', 'retreat']);
    expect(staffSteps('ccc', 'submitted', holding(C.test, C.decide, C.inspect))).toEqual([]);
    // The customer's withdraw is never a staff button, even for a user who holds the apply code as well.
    expect(names(staffSteps('ccc', 'submitted', holding(C.apply, C.accept)))).not.toContain('withdraw');
  });

  it('follows the scheme: passing the test leads to the factory inspection for CCC and to evaluation for CQST', () => {
    const ccc = staffSteps('ccc', 'testing', holding(C.test));
    const cqst = staffSteps('cqst', 'testing', holding(C.test));
    expect(names(ccc)).toEqual(['rectify', 'passTest']);
    expect(ccc.find((t) => t.name === 'passTest')?.to).toBe('factory_inspection');
    expect(cqst.find((t) => t.name === 'passTest')?.to).toBe('evaluation');
    // CNEx has no samples: its on-site work starts from the fee notice, by the inspector.
    expect(names(staffSteps('cnex', 'fee_noticed', holding(C.inspect, C.sample)))).toEqual(['startTest']);
  });

  it('offers the inspector the factory-check form, not bare pass / nonconformity buttons', () => {
    expect(staffSteps('ccc', 'factory_inspection', holding(C.inspect))).toEqual([]);
    expect(offersFactoryCheck('ccc', 'factory_inspection', holding(C.inspect))).toBe(true);
    expect(offersFactoryCheck('ccc', 'factory_inspection', holding(C.test))).toBe(false);
    expect(offersFactoryCheck('cqst', 'testing', holding(C.inspect))).toBe(false);
    expect(names(staffSteps('ccc', 'nc_correction', holding(C.inspect)))).toEqual(['recheck']);
  });

  it('adds terminate to every open staff state for the engineer, and only there', () => {
    const open: ApplicationState[] = ['accepted', 'testing', 'factory_inspection', 'decision'];
    for (const state of open)
      expect(names(staffSteps('ccc', state, holding(C.terminate)))).toEqual(['terminate']);
    for (const state of ['draft', 'submitted', 'issued', 'terminated'] as ApplicationState[])
      expect(staffSteps('ccc', state, holding(C.terminate))).toEqual([]);
  });

  it('asks a reason, a test conclusion or an evaluation comment where the step needs one', () => {
    const [, retreat] = staffSteps('ccc', 'submitted', holding(C.accept));
    expect(stepInput(retreat)).toBe('reason');
    const decide = staffSteps('ccc', 'decision', holding(C.decide));
    expect(decide.map((t) => [t.name, stepInput(t)])).toEqual([
      ['issue', 'none'],
      ['refuse', 'reason'],
    ]);
    expect(stepInput(staffSteps('ccc', 'testing', holding(C.test))[1])).toBe('testConclusion');
    expect(stepInput(staffSteps('ccc', 'evaluation', holding(C.evaluate))[0])).toBe('evaluationComment');
  });

  it('gives the customer withdraw before acceptance and the samples form on the fee notice where samples exist', () => {
    expect(names(customerSteps('ccc', 'returned', holding(C.apply)))).toEqual(['withdraw']);
    expect(customerSteps('ccc', 'accepted', holding(C.apply))).toEqual([]);
    expect(customerSteps('ccc', 'draft', holding())).toEqual([]);
    expect(offersSampleSent('ccc', 'fee_noticed', holding(C.apply))).toBe(true);
    expect(offersSampleSent('cnex', 'fee_noticed', holding(C.apply))).toBe(false);
    expect(offersSampleSent('ccc', 'samples_sent', holding(C.apply))).toBe(false);
  });
});

describe('StepButtons', () => {
  it('shows the buttons of the caller’s codes for the state, in the user’s language', async () => {
    fakeBlade({ '/api/blade-system/menu/buttons': buttonsWith([C.decide, C.terminate]) });
    renderScreen(<StepButtons row={{ scheme: 'ccc', flowState: 'decision' }} onStep={() => {}} />);
    const group = await screen.findByRole('group', { name: '办理步骤' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['发证', '不予发证', '终止']);
  });

  it('shows nothing to a caller without a step code', async () => {
    const calls = fakeBlade({ '/api/blade-system/menu/buttons': buttonsWith(['project_view']) });
    renderScreen(<StepButtons row={{ scheme: 'ccc', flowState: 'decision' }} onStep={() => {}} />);
    await waitFor(() => expect(calls.to('/api/blade-system/menu/buttons')).toHaveLength(1));
    expect(await screen.findByRole('group', { name: '办理步骤' })).toBeEmptyDOMElement();
  });
});

describe('CasePage', () => {
  const SELECT = '/api/blade-customer/applicationForCcc/selectApplicationForCccByApplicationForCcc';
  const TRANSIT = '/api/blade-customer/applicationFlow/transit';

  it('returns a submitted application with the reason required, and shows the server’s refusal as it comes', async () => {
    let state: ApplicationState = 'submitted';
    let refuse = true;
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([C.accept]),
      [`POST ${SELECT}`]: () =>
        application('5', state, state === 'returned' ? { retreatReason: '资料不全' } : {}),
      '/api/blade-flow/flow_timeline_by_businessId': [],
      [`POST ${TRANSIT}`]: () => {
        if (refuse) return refused('申请的状态已改变（当前：已受理），请刷新后重试');
        state = 'returned';
        return application('5', 'returned', { retreatReason: '资料不全' });
      },
    });
    renderScreen(<CasePage scheme="ccc" id="5" />);
    expect(await screen.findByRole('heading', { name: '隔爆型电机 5' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '退回' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('请填写原因')).toBeInTheDocument();
    expect(calls.to(TRANSIT)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/原因/), { target: { value: '资料不全' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '申请的状态已改变（当前：已受理），请刷新后重试',
    );
    expect(calls.to(TRANSIT)[0].body).toEqual({ id: '5', action: 'retreat', reason: '资料不全' });

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('退回原因：资料不全')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('records a factory inspection through the form: nonconformities are required for an nc result', async () => {
    const SAVE = '/api/business-service/factoryCheck/saveResult';
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([C.inspect]),
      [`POST ${SELECT}`]: application('6', 'factory_inspection'),
      '/api/blade-flow/flow_timeline_by_businessId': [],
      '/api/business-service/factoryCheck/list': [],
      'POST /api/blade-customer/applicationForCcc/selectCccFileListByBatchNumber': [],
      [`POST ${SAVE}`]: { check: { id: '1' }, application: application('6', 'nc_correction') },
    });
    renderScreen(<CasePage scheme="ccc" id="6" />);
    fireEvent.click(await screen.findByRole('tab', { name: '工厂检查' }));
    const form = await screen.findByRole('region', { name: '工厂检查结果' });
    fireEvent.change(within(form).getByLabelText(/检查日期/), { target: { value: '2026-11-25' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /检查结果/ }));
    fireEvent.click(await screen.findByRole('option', { name: '不符合项待整改' }));
    fireEvent.change(within(form).getByLabelText(/检查结论/), { target: { value: '两项不符合' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存结果' }));
    expect(await within(form).findByText('请填写不符合项')).toBeInTheDocument();
    expect(calls.to(SAVE)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/不符合项/), { target: { value: '1. 标志不清' } });
    fireEvent.click(within(form).getByRole('button', { name: '保存结果' }));
    await waitFor(() => expect(calls.to(SAVE)).toHaveLength(1));
    expect(calls.to(SAVE)[0].body).toEqual({
      applicationId: '6',
      checkDate: '2026-11-25',
      result: 'nc',
      ncItems: '1. 标志不清',
      conclusion: '两项不符合',
    });
  });

  it('records the inspection report chosen among the application’s documents with the visit', async () => {
    const SAVE = '/api/business-service/factoryCheck/saveResult';
    const FILES = '/api/blade-customer/applicationForCcc/selectCccFileListByBatchNumber';
    const file = (applicationId: string, fileId: string, fileName: string) => ({
      applicationId,
      productName: 'x',
      catalogId: '2',
      catalogName: '工厂检查',
      fileId,
      fileName,
      fileSize: 10,
      createTime: '2026-11-24 10:00:00',
    });
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([C.inspect]),
      [`POST ${SELECT}`]: application('16', 'factory_inspection'),
      '/api/blade-flow/flow_timeline_by_businessId': [],
      '/api/business-service/factoryCheck/list': [],
      [`POST ${FILES}`]: [
        file('16', 'c'.repeat(32), '工厂检查报告.pdf'),
        file('17', 'd'.repeat(32), '另一申请的报告.pdf'),
      ],
      [`POST ${SAVE}`]: { check: { id: '2' }, application: application('16', 'evaluation') },
    });
    renderScreen(<CasePage scheme="ccc" id="16" />);
    fireEvent.click(await screen.findByRole('tab', { name: '工厂检查' }));
    const form = await screen.findByRole('region', { name: '工厂检查结果' });
    fireEvent.change(within(form).getByLabelText(/检查日期/), { target: { value: '2026-11-25' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: /检查结果/ }));
    fireEvent.click(await screen.findByRole('option', { name: '通过' }));
    fireEvent.change(within(form).getByLabelText(/检查结论/), { target: { value: '符合要求' } });
    await waitFor(() => expect(calls.to(FILES)).toHaveLength(1));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: '检查报告' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['（不指定）', '工厂检查 / 工厂检查报告.pdf']);
    fireEvent.click(options[1]);
    fireEvent.click(within(form).getByRole('button', { name: '保存结果' }));
    await waitFor(() => expect(calls.to(SAVE)).toHaveLength(1));
    expect(calls.to(SAVE)[0].body).toEqual({
      applicationId: '16',
      checkDate: '2026-11-25',
      result: 'pass',
      conclusion: '符合要求',
      reportFileId: 'c'.repeat(32),
    });
  });

  it('passes the test with the conclusion and, when chosen, the report among the application’s documents', async () => {
    const FILES = '/api/blade-customer/applicationForCcc/selectCccFileListByBatchNumber';
    let passed = false;
    const file = (applicationId: string, fileId: string, fileName: string) => ({
      applicationId,
      productName: 'x',
      catalogId: '1',
      catalogName: '检测报告',
      fileId,
      fileName,
      fileSize: 10,
      createTime: '2026-11-24 10:00:00',
    });
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([C.test]),
      [`POST ${SELECT}`]: () => application('7', passed ? 'factory_inspection' : 'testing'),
      '/api/blade-flow/flow_timeline_by_businessId': [],
      [`POST ${FILES}`]: [
        file('7', 'a'.repeat(32), '型式试验报告.pdf'),
        file('8', 'b'.repeat(32), '另一申请的报告.pdf'),
      ],
      [`POST ${TRANSIT}`]: () => {
        passed = true;
        return application('7', 'factory_inspection', { testConclusion: '符合' });
      },
    });
    renderScreen(<CasePage scheme="ccc" id="7" />);
    fireEvent.click(await screen.findByRole('button', { name: '检测通过' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('执行后状态为：工厂检查');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '检测报告' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['（不指定）', '检测报告 / 型式试验报告.pdf']);
    fireEvent.click(options[1]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /检测结论/ }), {
      target: { value: '符合' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.to(TRANSIT)).toHaveLength(1));
    expect(calls.to(TRANSIT)[0].body).toEqual({
      id: '7',
      action: 'passTest',
      testConclusion: '符合',
      testReportFileId: 'a'.repeat(32),
    });
    // The case is read again after the step: the chip and the tab of the visit's form follow.
    await waitFor(() =>
      expect(document.querySelector('[data-state="factory_inspection"]')).toBeInTheDocument(),
    );
  });
});
