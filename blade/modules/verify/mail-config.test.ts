import { withTenant } from '../../db/tenant';
import { ADMIN_PASSWORD, createHarness, PLATFORM, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { startMailReceiver, type MailReceiver } from '../../testing/mail-sms';

// A tenant's own mail server (邮件配置), with no SMTP_URL for the deployment: the loopback SMTP server is the
// tenant's, allowed by name as ops would allow an intranet mail relay (OUTBOUND_ALLOWED_HOSTS).

let h: Harness;
let mail: MailReceiver;
let admin: string;
let port: number;

beforeAll(async () => {
  mail = await startMailReceiver();
  port = Number(new URL(mail.url).port);
  h = await createHarness({ outbound: { allowedHosts: [`127.0.0.1:${port}`] } });
  admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  await mail?.close();
}, SETUP_TIMEOUT);

const config = (extra: Record<string, unknown> = {}) => ({
  mailCode: 'relay',
  host: '127.0.0.1',
  port,
  secure: 0,
  username: '',
  password: 'relay-secret',
  fromAddress: 'noreply@institute.example',
  fromName: '检测中心',
  ...extra,
});

async function sendCode(email: string) {
  const res = await h.blade.app.request('/blade-customer/user/sendValidateEmail', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-blade-client-ip': `10.1.1.${email.length}` },
    body: JSON.stringify({ email }),
  });
  return res.json();
}

describe('mail configuration', () => {
  it('refuses mail while no server is enabled, then sends through the enabled one', async () => {
    expect(await sendCode('first@example.com')).toMatchObject({
      code: 400,
      errorCode: 'verify.mailUnavailable',
    });
    expect(await h.call('/blade-resource/mail/submit', admin, config())).toMatchObject({ code: 200 });
    const list = await h.call('/blade-resource/mail/list?current=1&size=10', admin);
    const row = list.data.records[0];
    // The password is write-only: the answer says only that one is stored.
    expect(row).toMatchObject({ mailCode: 'relay', password: '', passwordSet: true, status: 1 });
    // Saved but not enabled: still nothing is sent.
    expect(await sendCode('second@example.com')).toMatchObject({
      code: 400,
      errorCode: 'verify.mailUnavailable',
    });

    expect(await h.call(`/blade-resource/mail/enable?id=${row.id}`, admin, {})).toMatchObject({ code: 200 });
    expect(await sendCode('third@example.com')).toMatchObject({ code: 200 });
    const received = await mail.next('third@example.com');
    expect(received.from).toBe('"检测中心" <noreply@institute.example>');
    expect(received.text).toMatch(/\b\d{6}\b/);
  });

  it('sends a test mail through a configuration, and says so only when the server took it', async () => {
    const row = (await h.call('/blade-resource/mail/list?current=1&size=10', admin)).data.records[0];
    const sent = await h.call(`/blade-resource/mail/send-test?id=${row.id}&to=ops@example.com`, admin, {});
    expect(sent).toMatchObject({ code: 200 });
    expect((await mail.next('ops@example.com')).subject).toBe('邮件配置测试 / Mail configuration test');

    // A server that is gone: nothing listens on the port any more.
    const closed = await startMailReceiver();
    const closedPort = Number(new URL(closed.url).port);
    await closed.close();
    const gone = await createHarness({ outbound: { allowedHosts: [`127.0.0.1:${closedPort}`] } });
    try {
      const token = (await gone.login('admin', ADMIN_PASSWORD)).access_token;
      await gone.call('/blade-resource/mail/submit', token, config({ port: closedPort }));
      const stored = (await gone.call('/blade-resource/mail/list?current=1&size=10', token)).data.records[0];
      const refused = await gone.call(
        `/blade-resource/mail/send-test?id=${stored.id}&to=ops@example.com`,
        token,
        {},
      );
      expect(refused).toMatchObject({ code: 400, errorCode: 'system.mail.sendFailed' });
    } finally {
      await gone.close();
    }
  });

  it('refuses an internal host ops did not allow, a port out of range and a bad sender', async () => {
    expect(
      await h.call('/blade-resource/mail/submit', admin, config({ mailCode: 'inner', host: '10.0.0.8' })),
    ).toMatchObject({
      code: 400,
      msg: '邮件服务器不能指向内部网络',
    });
    expect(
      await h.call('/blade-resource/mail/submit', admin, config({ mailCode: 'p', port: 70000 })),
    ).toMatchObject({
      code: 400,
      errorCode: 'system.mail.portInvalid',
    });
    expect(
      await h.call(
        '/blade-resource/mail/submit',
        admin,
        config({ mailCode: 'f', fromAddress: 'not-an-address' }),
      ),
    ).toMatchObject({ code: 400 });
    const rows = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx.selectFrom('blade_mail').select('mail_code').where('is_deleted', '=', 0).execute(),
    );
    expect(rows.map((r) => r.mail_code)).toEqual(['relay']);
  });
});
