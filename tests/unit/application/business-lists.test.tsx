import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BusinessScreen, CnexBusinessScreen } from '@/components/application/business-list';
import { CertificateList } from '@/components/application/certificates';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';
import { application } from './fixtures';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push, replace: jest.fn() }),
  usePathname: () => '/businessManagement/accepted',
}));

const NOTE = '/api/blade-customer/paymentNote';

describe('business-management lists', () => {
  it('searches the page call by product, number, company and the closed flag, and opens the case', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([]),
      [`${NOTE}/selectAcceptedApplicationForCccBusinessManagementPage`]: page([application('21', 'testing')]),
    });
    renderScreen(<BusinessScreen name="accepted" />);
    expect(screen.getByRole('heading', { name: 'CCC在办' })).toBeInTheDocument();
    const row = (await screen.findByText('隔爆型电机 21')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('南阳防爆电机有限公司')).toBeInTheDocument();
    expect(within(row).getByText('检测中')).toBeInTheDocument();

    const search = screen.getByRole('search');
    fireEvent.change(within(search).getByRole('textbox', { name: '产品名称' }), {
      target: { value: '电机' },
    });
    fireEvent.change(within(search).getByRole('textbox', { name: '申请企业' }), {
      target: { value: '南阳' },
    });
    fireEvent.mouseDown(within(search).getByRole('combobox', { name: '办结' }));
    fireEvent.click(await screen.findByRole('option', { name: '已办结' }));
    fireEvent.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(
        Object.fromEntries(
          calls.to(`${NOTE}/selectAcceptedApplicationForCccBusinessManagementPage`).at(-1)!.query,
        ),
      ).toEqual({ productName: '电机', companyName: '南阳', isFinished: '1', current: '1', size: '10' }),
    );

    fireEvent.click(
      within(await screen.findByRole('row', { name: /隔爆型电机 21/ })).getByRole('button', { name: '打开' }),
    );
    expect(push).toHaveBeenCalledWith('/businessManagement/case?scheme=ccc&id=21');
  });

  it('lists CNEx records of every kind, then of one kind per tab', async () => {
    const calls = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith([]),
      [`${NOTE}/selectCnexBusinessManagementPage`]: page([
        application('31', 'accepted', { cnexType: 'scene' }, 'cnex'),
      ]),
      [`${NOTE}/selectPersonCnexPageBy`]: page([
        application('32', 'submitted', { cnexType: 'person' }, 'cnex'),
      ]),
    });
    renderScreen(<CnexBusinessScreen />);
    expect(await screen.findByText('CNEx 服务与人员认证 · 现场审核')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '人员注册' }));
    expect(await screen.findByText('CNEx 服务与人员认证 · 人员注册')).toBeInTheDocument();
    expect(calls.to(`${NOTE}/selectPersonCnexPageBy`)).toHaveLength(1);
  });
});

describe('CertificateList', () => {
  it('lists certificates with their status and shows one in a dialog', async () => {
    const cert = {
      id: '70',
      certNumber: '2026232301000001',
      version: 1,
      scheme: 'ccc',
      certStatus: 'valid',
      holderName: '南阳防爆电机有限公司',
      productName: '隔爆型电机',
      issueDate: '2026-11-25',
      validTo: '2031-11-24',
      exMarkings: ['Ex db IIC T4 Gb'],
    };
    const calls = fakeBlade({
      '/api/blade-customer/certificate/page': page([cert]),
      '/api/blade-customer/certificate/detail': cert,
    });
    renderScreen(<CertificateList staff={false} />);
    const row = (await screen.findByText('2026232301000001')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('有效')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ex db IIC T4 Gb')).toBeInTheDocument();
    expect(calls.to('/api/blade-customer/certificate/detail')[0].query.get('id')).toBe('70');
  });
});
