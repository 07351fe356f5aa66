import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { defineResource, menuAccess, standardCalls } from '@/lib/contracts/resource';
import { paramResource } from '@/lib/contracts/system/param';
import { buttonsWith } from '../system/fixtures';
import { fakeBlade, page } from './fake-blade';
import { renderScreen } from './wrap';

const buttons = buttonsWith(['param_add']);

describe('ResourceScreen (from a resource definition)', () => {
  it("applies the definition's length rule in the form, in the user's language", async () => {
    fakeBlade({ '/api/blade-system/menu/buttons': buttons, '/api/blade-system/param/list': page([]) });
    renderScreen(<ResourceScreen def={paramResource} />, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Parameter name');
    fireEvent.change(input, { target: { value: 'x'.repeat(256) } });
    fireEvent.blur(input);
    expect(await within(dialog).findByText('At most 255 characters')).toBeInTheDocument();
  });

  it('lists the columns and searches the definition names, and hides buttons the role lacks', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-system/param/list': page([
        { id: '1', paramName: '站点标题', paramKey: 'site.title', paramValue: '门户', remark: '' },
      ]),
    });
    renderScreen(<ResourceScreen def={paramResource} />);
    expect(await screen.findByText('site.title')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '参数键名' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    // param_delete is not among the role's buttons.
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with what was typed when the server refuses, and raises nothing for the error log', async () => {
    const unhandled = jest.fn();
    window.addEventListener('unhandledrejection', unhandled);
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-system/param/list': page([]),
      'POST /api/blade-system/param/submit': () =>
        new Response(
          JSON.stringify({
            code: 400,
            success: false,
            data: {},
            msg: '当前参数键名已存在!',
            errorCode: 'system.param.keyTaken',
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    });
    renderScreen(<ResourceScreen def={paramResource} />);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '名称' } });
    fireEvent.change(within(dialog).getByLabelText('参数键名'), { target: { value: 'site.title' } });
    fireEvent.change(within(dialog).getByLabelText('参数键值'), { target: { value: '值' } });
    const saveButton = within(dialog).getByRole('button', { name: '保存' });
    fireEvent.click(saveButton);
    await waitFor(() => expect(blade.to('/api/blade-system/param/submit')).toHaveLength(1));
    await waitFor(() => expect(saveButton).toBeEnabled());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText('参数键名')).toHaveValue('site.title');
    expect(unhandled).not.toHaveBeenCalled();
    window.removeEventListener('unhandledrejection', unhandled);
  });

  it('shows amounts with thousands separators (-- when absent) and checks their decimals in the form', async () => {
    // Labels reuse existing messages: the screen's texts are not what this checks.
    const payment = defineResource({
      key: 'system.param',
      table: 'demo_payment',
      ownership: 'tenant',
      fields: {
        paramName: { kind: 'text', max: 64 },
        paramKey: { kind: 'money', nonNegative: true },
        paramValue: { kind: 'date' },
      },
      calls: standardCalls('/blade-demo/payment'),
      access: menuAccess('param'),
    });
    fakeBlade({
      '/api/blade-system/menu/buttons': buttons,
      '/api/blade-demo/payment/list': page([
        { id: '1', paramName: '首付款', paramKey: '1234567.5', paramValue: '2026-11-25' },
        { id: '2', paramName: '尾款', paramKey: null, paramValue: null },
      ]),
    });
    renderScreen(<ResourceScreen def={payment} />);
    expect(await screen.findByText('1,234,567.50')).toBeInTheDocument();
    expect(screen.getByText('--')).toBeInTheDocument();
    expect(screen.getByText('2026-11-25')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('参数键名');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    fireEvent.change(amount, { target: { value: '-1.5' } });
    fireEvent.blur(amount);
    expect(await within(dialog).findByText('必须为非负数（最多两位小数）')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('参数键值')).toHaveAttribute('type', 'date');
  });
});
