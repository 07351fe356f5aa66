import { ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, screen } from '@testing-library/react';
import type { AlertColor } from '@mui/material/Alert';
import { useEffect } from 'react';
import { useNotify } from '@/components/providers/notifier';
import { PortalDrawer } from '@/components/shell/portal-dialog';
import { portalTheme } from '@/lib/theme/themes';
import { renderWithIntl } from '../render';

function Toast({ severity }: { severity: AlertColor }) {
  const notify = useNotify();
  useEffect(() => notify(`${severity} text`, severity), [notify, severity]);
  return null;
}

describe('message durations (spec: normal 3 s, success 5 s, warning 10 s, error 10 s)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it.each([
    ['info', 3000],
    ['success', 5000],
    ['warning', 10000],
    ['error', 10000],
  ] as const)('a %s message stays %i ms', (severity, ms) => {
    renderWithIntl(<Toast severity={severity} />);
    expect(screen.getByRole('alert')).toHaveTextContent(`${severity} text`);
    act(() => jest.advanceTimersByTime(ms - 50));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PortalDrawer', () => {
  it('is 880 wide and closes only by its close button', () => {
    const onClose = jest.fn();
    renderWithIntl(
      <ThemeProvider theme={portalTheme('theme-default')}>
        <PortalDrawer open onClose={onClose} title="抽屉">
          内容
        </PortalDrawer>
      </ThemeProvider>,
    );
    const drawer = screen.getByRole('dialog');
    expect(drawer).toHaveStyle({ width: '880px' });
    expect(drawer).toHaveTextContent('抽屉');
    fireEvent.keyDown(drawer, { key: 'Escape' });
    fireEvent.click(document.querySelector('.MuiBackdrop-root')!);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
