import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SmsScreen } from '@/components/system/sms-screen';
import { fakeBlade, page } from '../crud/fake-blade';
import { renderScreen } from '../crud/wrap';
import { buttonsWith, openAddWithCategories, refused, vendorConfigRow } from './fixtures';

const row = (id: string, smsCode: string, category: number, status: number) => ({
  ...vendorConfigRow(id, category, status),
  smsCode,
  templateId: 'SMS_1',
  signName: '检测中心',
  regionId: '',
  endpoint: '',
});
const sendAnswer = (outcome: string, msg: string) =>
  new Response(JSON.stringify({ code: 200, success: true, data: { outcome, provider: 'x' }, msg }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
const SEND = '/api/blade-resource/sms/endpoint/send-message';

describe('SmsScreen', () => {
  it('offers the vendors and, outside production, the log channel named as such', async () => {
    fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['sms_add', 'sms_enable']),
      '/api/blade-resource/sms/list': page([row('1', 'ali', 3, 2), row('2', 'dev', 9, 1)]),
    });
    renderScreen(<SmsScreen />);
    expect(await screen.findByText('ali')).toBeInTheDocument();
    expect(screen.getByText('阿里云')).toBeInTheDocument();
    expect(screen.getByText('日志通道（开发用）')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /ali/ })).getByText('已启用')).toBeInTheDocument();

    const { options } = await openAddWithCategories();
    expect(options).toEqual(['云片', '七牛云', '阿里云', '腾讯云', '日志通道（开发用）']);
  });

  it('says what a send really did: sent, only logged, or the vendor refused it', async () => {
    let answer: Response = sendAnswer('logged', '仅记录到服务器日志，短信未发送（日志通道）');
    const blade = fakeBlade({
      '/api/blade-system/menu/buttons': buttonsWith(['sms_send']),
      '/api/blade-resource/sms/list': page([row('2', 'dev', 9, 1)]),
      [`POST ${SEND}`]: () => answer,
    });
    renderScreen(<SmsScreen />);
    expect(await screen.findByText('dev')).toBeInTheDocument();
    const openSend = async () => {
      fireEvent.click(
        within(screen.getByRole('row', { name: /dev/ })).getByRole('button', { name: '发送测试' }),
      );
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13812345678' } });
      fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
      return dialog;
    };

    await openSend();
    expect(await screen.findByText('仅记录到服务器日志，短信未发送（日志通道）')).toBeInTheDocument();
    expect(screen.queryByText('发送成功!')).not.toBeInTheDocument();
    expect(blade.to(SEND)[0].query.get('code')).toBe('dev');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A vendor's refusal is shown by the fetcher; the dialog stays open and nothing says success.
    const unhandled = jest.fn();
    window.addEventListener('unhandledrejection', unhandled);
    answer = refused('阿里云拒绝发送: isv.BUSINESS_LIMIT_CONTROL 触发分钟级流控Permits:1');
    const dialog = await openSend();
    await waitFor(() => expect(blade.to(SEND)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('发送成功!')).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(unhandled).not.toHaveBeenCalled();
    window.removeEventListener('unhandledrejection', unhandled);

    answer = sendAnswer('sent', '发送成功!');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('发送成功!')).toBeInTheDocument();
  });
});
