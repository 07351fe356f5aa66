import { screen } from '@testing-library/react';
import { StateChip } from '@/components/application/state-chip';
import { stateColor } from '@/components/application/step-logic';
import { APPLICATION_STATES, MACHINES, SCHEMES } from '@/lib/contracts/application/machine';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { renderWithIntl } from '../render';

/** The brief's names of the states, in machine.ts's order. */
const ZH_NAMES = [
  '草稿',
  '已提交',
  '已退回',
  '已撤回',
  '已受理',
  '已发缴费通知',
  '样品已寄出',
  '样品已接收',
  '检测中',
  '整改中',
  '工厂检查',
  '不符合项整改',
  '评定中',
  '待决定',
  '已发证',
  '已终止',
];

describe('application state labels', () => {
  it('names every state of machine.ts with the exact Chinese text, shown on its chip', () => {
    renderWithIntl(
      <>
        {APPLICATION_STATES.map((s) => (
          <StateChip key={s} state={s} />
        ))}
      </>,
    );
    ZH_NAMES.forEach((name, i) => {
      const chip = screen.getByText(name).closest('[data-state]');
      expect(chip).toHaveAttribute('data-state', APPLICATION_STATES[i]);
    });
  });

  it('has an English name for every state and every transition of every scheme', () => {
    for (const s of APPLICATION_STATES) expect(en.application.state[s]).toBeTruthy();
    const names = new Set(SCHEMES.flatMap((scheme) => MACHINES[scheme].map((t) => t.name)));
    for (const name of names) {
      expect((zh.application.action as Record<string, string>)[name]).toBeTruthy();
      expect((en.application.action as Record<string, string>)[name]).toBeTruthy();
    }
    for (const scheme of SCHEMES) expect(en.application.scheme[scheme]).toBeTruthy();
  });

  it('shows the English name in English and an unknown state as it came', () => {
    renderWithIntl(
      <>
        <StateChip state="fee_noticed" />
        <StateChip state="archived_elsewhere" />
      </>,
      'en',
    );
    expect(screen.getByText('Fee noticed')).toBeInTheDocument();
    expect(screen.getByText('archived_elsewhere')).toBeInTheDocument();
  });

  it('colours the customer’s turn orange, the issued green, the terminated red and drafts grey', () => {
    expect(stateColor('returned')).toBe('warning');
    expect(stateColor('fee_noticed')).toBe('warning');
    expect(stateColor('issued')).toBe('success');
    expect(stateColor('terminated')).toBe('error');
    expect(stateColor('draft')).toBe('default');
    expect(stateColor('testing')).toBe('primary');
  });
});
