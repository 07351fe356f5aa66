import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CertConfigScreen } from '@/components/alerts/cert-config-screen';
import { TrackScreen } from '@/components/alerts/track-screen';
import { ALERT_CODES } from '@/lib/contracts/alerts/alerts';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith } from '../system/fixtures';

// The alert screens against a fake blade/: the configurations' delete and enable/disable go to the spec's GET calls
// with the row's id (delete confirmed first), and the tracks list their rows with the node in words and the limits.

jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: jest.fn() }),
  usePathname: () => '/alerts/certExpire',
}));

const config = {
  id: '11',
  configName: '常规到期提醒',
  leadDays: '180,90,30',
  notifyPortal: 1,
  notifySms: 1,
  notifyEmail: 0,
  enabled: 1,
  remark: '',
};

describe('CertConfigScreen', () => {
  it('lists the configurations, toggles one and deletes one after the confirmation, by GET with its id', async () => {
    const { calls } = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(Object.values(ALERT_CODES)),
      '/api/blade-system/dict/dictionary': [],
      '/api/blade-cqst/certExpireAlert/getCertConfigPage': page([config]),
      'GET /api/blade-cqst/certExpireAlert/updateCertConfigStatus': { id: '11', enabled: 0 },
      'GET /api/blade-cqst/certExpireAlert/deleteCertConfig': {},
    });
    renderScreen(<CertConfigScreen />);
    expect(await screen.findByText('常规到期提醒')).toBeInTheDocument();
    expect(screen.getByText('180,90,30')).toBeInTheDocument();
    expect(screen.getByText('已启用')).toBeInTheDocument();

    const line = within(screen.getByRole('grid'))
      .getByText('常规到期提醒')
      .closest('[role="row"]') as HTMLElement;
    fireEvent.click(within(line).getByRole('button', { name: '启用/停用' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/updateCertConfigStatus'))?.query.get('id')).toBe('11'),
    );

    fireEvent.click(within(line).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定将选择数据删除?')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/deleteCertConfig'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => {
      const removal = calls.find((c) => c.path.endsWith('/deleteCertConfig'));
      expect(removal?.method).toBe('GET');
      expect(removal?.query.get('id')).toBe('11');
    });
  });
});

describe('TrackScreen', () => {
  it('shows the coarse track with stage names, limits and overdue, and the fine track on its tab', async () => {
    const { calls } = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(Object.values(ALERT_CODES)),
      '/api/blade-cqst/nodeProgressAlert/getCoarseTrackPage': {
        ...page([
          {
            applicationId: '7',
            applicationNo: 'SQC2026000007',
            productName: '隔爆型电动机',
            flowState: 'testing',
            nodeCode: 'testing',
            enteredAt: '2026-11-01 09:00:00',
            elapsedDays: 26,
            limitDays: 20,
            overdue: true,
          },
        ]),
        limits: [{ id: '1', trackLevel: 'coarse', nodeCode: 'testing', limitDays: 20, enabled: 1 }],
        nodes: ['acceptance', 'samples', 'testing', 'factory', 'evaluation'],
      },
      '/api/blade-cqst/nodeProgressAlert/getFineTrackPage': { ...page([]), limits: [], nodes: ['testing'] },
    });
    renderScreen(<TrackScreen />);
    expect(await screen.findByText('SQC2026000007')).toBeInTheDocument();
    expect(screen.getAllByText('检测').length).toBeGreaterThan(0);
    expect(screen.getByText('已超时')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '细跟踪' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/getFineTrackPage'))).toBe(true));
  });
});
