import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CostPlanScreen } from '@/components/business/cost-plan-screen';
import { FinancePlan } from '@/components/business/finance-plan';
import { fakeBlade, page, type RecordedCall } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { project } from './fixtures';
import { financeButtons, financeDictionaries } from './finance-fixtures';

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  usePathname: () => '/administration/costPlan',
}));

// As blade/ answers it: the month as yyyy-MM.
const month = (m: number, incomeActual = '0.00') => ({
  month: `2026-${String(m).padStart(2, '0')}`,
  incomePlanned: m === 3 ? '30000.00' : '0.00',
  incomeActual,
  outlayPlanned: m === 3 ? '1200.00' : '0.00',
  outlayActual: '0.00',
});

const plan = (call: RecordedCall) => {
  const { year } = call.body as { year: number | string };
  return {
    year,
    months: Array.from({ length: 12 }, (_, i) => month(i + 1, i === 2 ? '12345.60' : '0.00')),
    costTypes: [
      { costType: '1', planAmount: '1000.00', actualAmount: '1500.50', variance: '-500.50' },
      { costType: '2', planAmount: '200.00', actualAmount: '150.00', variance: '50.00' },
    ],
  };
};

const base = {
  '/api/blade-system/menu/buttons': financeButtons,
  '/api/blade-system/dict/dictionary': financeDictionaries,
};

describe('FinancePlan', () => {
  it('shows the months planned against actual and highlights a cost type over budget', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/costPlan/statisticsSys': plan,
      'POST /api/business-service/costPlan/statisticsProject': plan,
    });
    renderScreen(<FinancePlan projects={[{ value: '1', label: '检测项目' }]} />);
    const months = await screen.findByRole('table', { name: '月度收支' });
    const rows = within(months).getAllByRole('row');
    // A header and the twelve months.
    expect(rows).toHaveLength(13);
    expect(
      within(rows[3])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3月', '30,000.00', '12,345.60', '1,200.00', '0.00']);
    const year = new Date().getFullYear();
    expect(calls.to('/api/business-service/costPlan/statisticsSys')[0].body).toEqual({ year });

    const types = screen.getByRole('table', { name: '成本类型预算执行' });
    const over = within(types).getByText('材料费').closest('tr') as HTMLElement;
    const under = within(types).getByText('差旅费').closest('tr') as HTMLElement;
    expect(within(over).getByText('超预算')).toBeInTheDocument();
    expect(within(under).queryByText('超预算')).toBeNull();
    const overCell = within(over).getByText('-500.50').closest('td') as HTMLElement;
    const underCell = within(under).getByText('50.00').closest('td') as HTMLElement;
    expect(getComputedStyle(overCell).color).not.toBe(getComputedStyle(underCell).color);

    // One project's plan: the project call, with the project.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '项目' }));
    fireEvent.click(await screen.findByRole('option', { name: '检测项目' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/costPlan/statisticsProject')[0]?.body).toEqual({
        year,
        projectId: '1',
      }),
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '年度' }));
    fireEvent.click(await screen.findByRole('option', { name: String(year - 1) }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/costPlan/statisticsProject').at(-1)?.body).toEqual({
        year: year - 1,
        projectId: '1',
      }),
    );
  });
});

describe('CostPlanScreen', () => {
  it('adds a plan line with its project and month, and opens the finance plan on its tab', async () => {
    const calls = fakeBlade({
      ...base,
      'POST /api/business-service/project/list': page([project('1', '2', '检测项目')]),
      'POST /api/business-service/costPlan/list': page([
        {
          id: '31',
          projectId: '1',
          projectName: '检测项目',
          costType: '2',
          planMonth: '2026-03',
          planAmount: '1200.00',
          remark: '',
        },
      ]),
      'POST /api/business-service/costPlan/add': {},
      'POST /api/business-service/costPlan/statisticsSys': plan,
    });
    renderScreen(<CostPlanScreen />);
    const row = (await screen.findByText('2026-03')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('检测项目')).toBeInTheDocument();
    expect(within(row).getByText('差旅费')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /所属项目/ }));
    fireEvent.click(await screen.findByRole('option', { name: '检测项目' }));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /成本类型/ }));
    fireEvent.click(await screen.findByRole('option', { name: '劳务费' }));
    fireEvent.change(within(dialog).getByLabelText(/计划月份/), { target: { value: '2026-04' } });
    fireEvent.change(within(dialog).getByLabelText(/计划金额/), { target: { value: '800' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.to('/api/business-service/costPlan/add')[0]?.body).toMatchObject({
        projectId: '1',
        costType: '3',
        planMonth: '2026-04',
        planAmount: '800.00',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('tab', { name: '财务计划' }));
    expect(await screen.findByRole('table', { name: '月度收支' })).toBeInTheDocument();
  });
});
