import { fireEvent, screen, within } from '@testing-library/react';
import { ParamScreen } from '@/components/system/param-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, fillIn } from './fixtures';

const buttons = buttonsWith(['param_add', 'param_edit', 'param_delete', 'param_view']);

describe('ParamScreen (spec §5)', () => {
  it('shows each required message when its field loses focus empty', async () => {
    fakeBlade({ '/api/blade-system/menu/buttons': buttons, '/api/blade-system/param/list': page([]) });
    renderScreen(<ParamScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const cases: Array<[string, string]> = [
      ['参数名称', '请输入参数名称'],
      ['参数键名', '请输入参数键名'],
      ['参数键值', '请输入参数键值'],
    ];
    for (const [label, message] of cases) {
      expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
      const input = within(dialog).getByLabelText(label);
      fireEvent.focus(input);
      fireEvent.blur(input);
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
  });

  it('saves a parameter and lists it', async () => {
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-system/param/list': page([]),
      'POST /api/blade-system/param/submit': {},
    });
    renderScreen(<ParamScreen />, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, { 'Parameter name': 'n', 'Parameter key': 'k', 'Parameter value': 'v' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(blade.to('/api/blade-system/param/submit')[0].body).toMatchObject({
      paramName: 'n',
      paramKey: 'k',
      paramValue: 'v',
    });
  });
});
