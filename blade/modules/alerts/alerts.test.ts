import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import {
  ALERT_CODES,
  ALERT_LOG_CODES,
  DELIVERY_CALLS,
  NODE_CALLS,
} from '../../../lib/contracts/alerts/alerts';
import { localDay } from '../../../lib/contracts/equipment/status';
import { addIssuedCertificate } from '../application/apply.test-helpers';
import { createBlade, type Blade } from '../../app';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { addTenant, addUser, deptIds, userWithCodes } from '../../testing/fixtures';
import {
  ADMIN_PASSWORD,
  bladeOptionsOn,
  createHarness,
  PLATFORM,
  SETUP_TIMEOUT,
  testDatabase,
  type Harness,
} from '../../testing/harness';
import { menuPlaces, replayMenuMigration } from '../../testing/menus';
import { startSmsReceiver, type SmsReceiver } from '../../testing/mail-sms';
import { runAlertScan } from './alert-scan';
import { scanDeps } from './alert-scan.test-helpers';
import { up as addAlertMenus } from '../../db/migrations/20261128T130100-alert-menus';
import { up as addAlertLogMenus } from '../../db/migrations/20261129T120100-alert-log-menus';

// Certificate-expiry and node-progress alerts through the real calls and the real scheduler (PGlite, and PostgreSQL
// with TEST_DATABASE_URL): the configurations' CRUD and refusals in words, the pass raising each alert once with the
// clock moved past a lead time (portal messages counted, SMS captured by a loopback vendor), pg-boss running the pass,
// and — on PostgreSQL — two Blade instances with their own pools running passes at once.

let h: Harness;
let sms: SmsReceiver;
const T = '350001';
const tokens: Record<string, string> = {};
const C = '/blade-cqst/certExpireAlert';
const DAY = 86_400_000;
const ALL_CODES = Object.values(ALERT_CODES);
const LOG_CODES = Object.values(ALERT_LOG_CODES);

const day = (days: number, from = new Date()) => localDay(new Date(from.getTime() + days * DAY));
const inDays = (days: number) => new Date(Date.now() + days * DAY);

let companyId = '';
let engineerId = '';
const customerPhones = ['13935000001', '13935000002'];

beforeAll(async () => {
  sms = await startSmsReceiver();
  h = await createHarness({
    outbound: { allowedHosts: [sms.host] },
    alertScheduler: { pollingIntervalSeconds: 0.5 },
  });
  const db = h.blade.db;
  tokens.admin = (await h.login('admin', ADMIN_PASSWORD)).access_token;
  await addTenant(db, { tenantId: T, tenantName: '另一认证机构', adminPassword: 't-admin-pass' });
  const users: [string, string, readonly string[]][] = [
    [PLATFORM, 'almgr', [...ALL_CODES, ...LOG_CODES]],
    [PLATFORM, 'alview', [ALERT_CODES.certPage, ALERT_CODES.nodePage]],
    [T, 'talmgr', [...ALL_CODES, ...LOG_CODES]],
  ];
  for (const [tenant, account, codes] of users) {
    const user = await userWithCodes(h, tenant, account, ['alert_center', ...codes]);
    if (account === 'almgr') engineerId = user.userId;
    tokens[account] = user.token;
  }

  // The SMS vendor: the loopback Yunpian, enabled for the platform tenant.
  const saved = await h.call('/blade-resource/sms/submit', tokens.admin, {
    smsCode: 'alerts',
    category: 1,
    templateId: 'tpl-expiry',
    accessKey: 'account',
    secretKey: sms.apikey,
    signName: '检测中心',
    endpoint: sms.endpoint,
  });
  expect(saved).toMatchObject({ code: 200 });
  const smsRow = await withTenant(db, PLATFORM, (trx) =>
    trx.selectFrom('blade_sms').select('id').where('sms_code', '=', 'alerts').executeTakeFirstOrThrow(),
  );
  expect(await h.call(`/blade-resource/sms/enable?id=${smsRow.id}`, tokens.admin, {})).toMatchObject({
    code: 200,
  });

  // A customer company with two users (phones), whose certificates the alerts are about.
  companyId = nextId();
  await withTenant(db, PLATFORM, (trx) =>
    trx
      .insertInto('blade_customer_company')
      .values({
        id: companyId,
        tenant_id: PLATFORM,
        company_name: '甲防爆电器有限公司',
        credit_code: '91410000MA00000001',
      })
      .execute(),
  );
  for (const [i, phone] of customerPhones.entries())
    await customerWithPhone(db, companyId, `alertcust${i}`, phone);
}, SETUP_TIMEOUT * 2);

afterAll(async () => {
  await h?.close();
  await sms?.close();
}, SETUP_TIMEOUT);

let serial = 0;
/** An issued application with its certificate, valid to `validTo`. */
async function certificate(
  validTo: string,
  db = h.blade.db,
  issueDate = day(-200),
): Promise<{ id: string; no: string; appId: string }> {
  serial += 1;
  return addIssuedCertificate(db, PLATFORM, companyId, {
    certificate: {
      cert_number: `ALERT-${Date.now()}-${serial}`,
      product_name: `隔爆型电动机${serial}`,
      // Young enough that no clock these tests move to makes its supervision overdue (12 months).
      issue_date: issueDate,
      valid_to: validTo,
    },
    application: { application_no: `SQC-ALERT-${serial}-${Date.now()}`, engineer_id: engineerId },
  });
}

/** A user of the platform's customer `company` with the phone its SMS alerts go to (alerts need no roles). */
async function customerWithPhone(db: Db, company: string, account: string, phone: string): Promise<string> {
  const [dept] = await deptIds(db, PLATFORM);
  const id = await addUser(db, PLATFORM, {
    account,
    password: 'cust-pass-2026',
    roleIds: [],
    deptIds: [dept],
  });
  await withTenant(db, PLATFORM, (trx) =>
    trx.updateTable('blade_user').set({ company_id: company, phone }).where('id', '=', id).execute(),
  );
  return id;
}

async function saveConfig(body: Record<string, unknown>, token = tokens.almgr) {
  return h.call(`${C}/saveCertConfig`, token, body);
}

async function configId(name: string, token = tokens.almgr): Promise<string> {
  const page = await h.call(`${C}/getCertConfigPage?configName=${encodeURIComponent(name)}`, token);
  expect(page.code).toBe(200);
  return page.data.records[0].id;
}

async function deliveries(subjectId: string, db = h.blade.db) {
  return withTenant(db, PLATFORM, (trx) =>
    trx
      .selectFrom('business_alert_delivery')
      .selectAll()
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute(),
  );
}

async function noticesAbout(certNo: string, db = h.blade.db) {
  return withTenant(db, PLATFORM, (trx) =>
    trx
      .selectFrom('blade_message')
      .select(['user_id', 'title'])
      .where('tenant_id', '=', PLATFORM)
      .where('title', 'like', `%${certNo}%`)
      .execute(),
  );
}

const textsAbout = (certNo: string) => sms.texts.filter((t) => t.params.certNumber === certNo);

/** Deps of a Blade instance's pool, for running the pass directly. */
const depsOf = (blade: Blade) => scanDeps(blade.db, [sms.host]);

describe('certificate-expiry configurations', () => {
  it('adds, lists, edits, toggles and deletes a configuration; lead times are normalised', async () => {
    const saved = await saveConfig({ configName: '常规到期提醒', leadDays: '30, 180,90,30', notifySms: 1 });
    expect(saved).toMatchObject({ code: 200 });
    const id = await configId('常规到期提醒');
    let page = await h.call(`${C}/getCertConfigPage?configName=常规到期提醒`, tokens.alview);
    expect(page.data.records[0]).toMatchObject({
      leadDays: '180,90,30',
      notifyPortal: 1,
      notifySms: 1,
      enabled: 1,
    });

    expect(
      await saveConfig({ id, configName: '常规到期提醒', leadDays: '60', notifyEmail: 1 }),
    ).toMatchObject({
      code: 200,
    });
    page = await h.call(`${C}/getCertConfigPage?configName=常规到期提醒`, tokens.almgr);
    expect(page.data.records[0]).toMatchObject({ leadDays: '60', notifyEmail: 1 });

    const off = await h.call(`${C}/updateCertConfigStatus?id=${id}`, tokens.almgr);
    expect(off).toMatchObject({ code: 200, data: { id, enabled: 0 } });
    const on = await h.call(`${C}/updateCertConfigStatus?id=${id}`, tokens.almgr);
    expect(on.data.enabled).toBe(1);
    const history = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['from_value', 'to_value'])
        .where('record_id', '=', id)
        .orderBy('create_time')
        .orderBy('id')
        .execute(),
    );
    expect(history).toEqual([
      { from_value: '1', to_value: '0' },
      { from_value: '0', to_value: '1' },
    ]);

    expect(await h.call(`${C}/deleteCertConfig?id=${id}`, tokens.almgr)).toMatchObject({ code: 200 });
    page = await h.call(`${C}/getCertConfigPage?configName=常规到期提醒`, tokens.almgr);
    expect(page.data.total).toBe(0);
    expect(await h.call(`${C}/deleteCertConfig?id=${id}`, tokens.almgr)).toMatchObject({ code: 404 });
  });

  it('refuses wrong lead times, no channel and a taken name in words', async () => {
    for (const leadDays of ['abc', '0', '30,4000', '30;60'])
      expect(await saveConfig({ configName: `错误${leadDays}`, leadDays })).toMatchObject({
        code: 400,
        msg: expect.stringContaining('提前天数应为1至3650之间的整数'),
      });
    expect(await saveConfig({ configName: '无渠道', leadDays: '30', notifyPortal: 0 })).toMatchObject({
      code: 400,
      msg: '请至少选择一种提醒方式',
    });
    expect(await saveConfig({ leadDays: '30' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('请输入提醒名称'),
    });
    expect(await saveConfig({ configName: '重名', leadDays: '30' })).toMatchObject({ code: 200 });
    expect(await saveConfig({ configName: '重名', leadDays: '60' })).toMatchObject({
      code: 400,
      msg: expect.stringContaining('提醒名称已存在'),
    });
  });

  it('needs the buttons, and another tenant’s configuration is 404', async () => {
    expect(await saveConfig({ configName: '无权', leadDays: '30' }, tokens.alview)).toMatchObject({
      code: 403,
    });
    expect(await saveConfig({ configName: '他人', leadDays: '30' }, tokens.talmgr)).toMatchObject({
      code: 200,
    });
    const theirs = await configId('他人', tokens.talmgr);
    expect(await h.call(`${C}/updateCertConfigStatus?id=${theirs}`, tokens.alview)).toMatchObject({
      code: 403,
    });
    expect(await h.call(`${C}/updateCertConfigStatus?id=${theirs}`, tokens.almgr)).toMatchObject({
      code: 404,
    });
    expect(await h.call(`${C}/deleteCertConfig?id=${theirs}`, tokens.almgr)).toMatchObject({ code: 404 });
    const ours = await h.call(`${C}/getCertConfigPage?configName=他人`, tokens.almgr);
    expect(ours.data.total).toBe(0);
  });
});

describe('the alert pass', () => {
  let leadConfig = '';
  beforeAll(async () => {
    // Only this describe's configuration counts: the ones the CRUD tests left are removed.
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .updateTable('business_alert_cert_config')
        .set({ is_deleted: 1 })
        .where('tenant_id', '=', PLATFORM)
        .execute(),
    );
    expect(await saveConfig({ configName: '到期短信', leadDays: '90,30', notifySms: 1 })).toMatchObject({
      code: 200,
    });
    leadConfig = await configId('到期短信');
  });

  it('raises each lead time once, when the clock passes it: portal notices and SMS, then nothing again', async () => {
    const cert = await certificate(day(100));
    const deps = depsOf(h.blade);
    await runAlertScan(deps, new Date());
    expect(await deliveries(cert.id)).toEqual([]);

    // 89 days left: past the 90-day lead time.
    await Promise.all([runAlertScan(deps, inDays(11)), runAlertScan(deps, inDays(11))]);
    let rows = await deliveries(cert.id);
    expect(rows.map((r) => r.sms_reason)).toEqual(['']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      config_id: leadConfig,
      alert_key: '90',
      sms_state: 'sent',
      portal_count: 3,
    });
    // Two customers and the engineer.
    expect(await noticesAbout(cert.no)).toHaveLength(3);
    expect(
      textsAbout(cert.no)
        .map((t) => t.mobile)
        .sort(),
    ).toEqual(customerPhones);

    await runAlertScan(deps, inDays(12));
    expect(await deliveries(cert.id)).toHaveLength(1);
    expect(textsAbout(cert.no)).toHaveLength(2);

    // 25 days left: the 30-day lead time, once.
    await runAlertScan(deps, inDays(75));
    await runAlertScan(deps, inDays(76));
    rows = await deliveries(cert.id);
    expect(rows.map((r) => r.alert_key)).toEqual(['90', '30']);
    expect(await noticesAbout(cert.no)).toHaveLength(6);
    expect(textsAbout(cert.no)).toHaveLength(4);
  });

  it('a certificate first seen inside the shortest lead time gets that alert only; a disabled configuration none', async () => {
    const cert = await certificate(day(20));
    await runAlertScan(depsOf(h.blade), new Date());
    expect((await deliveries(cert.id)).map((r) => r.alert_key)).toEqual(['30']);

    await h.call(`${C}/updateCertConfigStatus?id=${leadConfig}`, tokens.almgr);
    const later = await certificate(day(10));
    await runAlertScan(depsOf(h.blade), new Date());
    expect(await deliveries(later.id)).toEqual([]);
    await h.call(`${C}/updateCertConfigStatus?id=${leadConfig}`, tokens.almgr);
  });

  it('records a refused SMS as failed with the vendor’s reason (no pretend success)', async () => {
    const cert = await certificate(day(5));
    sms.refuse(true);
    try {
      await runAlertScan(depsOf(h.blade), new Date());
    } finally {
      sms.refuse(false);
    }
    const [row] = await deliveries(cert.id);
    expect(row).toMatchObject({ sms_state: 'failed', portal_count: 3 });
    expect(row.sms_reason).not.toBe('');
  });

  it('runs as a pg-boss job on this database (the clock passed in the job)', async () => {
    const cert = await certificate(day(200));
    expect(h.blade.alerts).toBeDefined();
    await h.blade.alerts!.runNow(inDays(120));
    let rows: Awaited<ReturnType<typeof deliveries>> = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await deliveries(cert.id);
    }
    expect(rows.map((r) => r.alert_key)).toEqual(['90']);
    const schedules = await sql<{
      name: string;
      cron: string;
    }>`select name, cron from pgboss.schedule`.execute(h.blade.db);
    expect(schedules.rows).toEqual([expect.objectContaining({ name: 'alert-scan', cron: '0 * * * *' })]);
  }, 30_000);
});

describe('the delivery log and its retry', () => {
  const LOG = DELIVERY_CALLS.page.path;
  let sentCert = { id: '', no: '', appId: '' };
  let failedCert = { id: '', no: '', appId: '' };
  beforeAll(async () => {
    sentCert = await certificate(day(8));
    await runAlertScan(depsOf(h.blade), new Date());
    failedCert = await certificate(day(7));
    sms.refuse(true);
    try {
      await runAlertScan(depsOf(h.blade), new Date());
    } finally {
      sms.refuse(false);
    }
  });
  const idOf = async (subjectId: string) => (await deliveries(subjectId))[0].id;

  it('lists deliveries newest first with the certificate, company, recipients and outcome; filters and pages', async () => {
    const sentId = await idOf(sentCert.id);
    const failedId = await idOf(failedCert.id);
    const failed = await h.call(`${LOG}?alertKind=cert&channel=sms&outcome=failed&size=100`, tokens.almgr);
    expect(failed.code).toBe(200);
    expect(failed.data.records.map((r: { id: string }) => r.id)).toContain(failedId);
    expect(failed.data.records.map((r: { id: string }) => r.id)).not.toContain(sentId);
    expect(failed.data.records.every((r: { smsState: string }) => r.smsState === 'failed')).toBe(true);
    const row = failed.data.records.find((r: { id: string }) => r.id === failedId);
    expect(row).toMatchObject({
      alertKind: 'cert',
      certNumber: failedCert.no,
      companyName: '甲防爆电器有限公司',
      portalCount: 3,
      smsTo: '139****0001、139****0002',
      emailState: 'skipped',
    });
    expect(row.smsReason).not.toBe('');

    const sent = await h.call(`${LOG}?channel=sms&outcome=sent&size=100`, tokens.almgr);
    const sentIds = sent.data.records.map((r: { id: string }) => r.id);
    expect(sentIds).toContain(sentId);
    expect(sentIds).not.toContain(failedId);
    const nodes = await h.call(`${LOG}?alertKind=node&size=100`, tokens.almgr);
    expect(nodes.data.records.every((r: { alertKind: string }) => r.alertKind === 'node')).toBe(true);

    // Newest first, and pages that follow one another.
    const all = await h.call(`${LOG}?size=100`, tokens.almgr);
    const times = all.data.records.map((r: { createTime: string }) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.data.records[0].id).toBe(failedId);
    const first = await h.call(`${LOG}?size=1&current=1`, tokens.almgr);
    const second = await h.call(`${LOG}?size=1&current=2`, tokens.almgr);
    expect(first.data.total).toBe(all.data.total);
    expect([first.data.records[0].id, second.data.records[0].id]).toEqual([
      all.data.records[0].id,
      all.data.records[1].id,
    ]);

    // Days in the server's time zone, both ends included.
    const today = day(0);
    const inRange = await h.call(
      `${LOG}?createTimeStart=${today}&createTimeEnd=${today}&size=100`,
      tokens.almgr,
    );
    expect(inRange.data.records.map((r: { id: string }) => r.id)).toContain(failedId);
    expect((await h.call(`${LOG}?createTimeStart=${day(1)}`, tokens.almgr)).data.total).toBe(0);
    expect((await h.call(`${LOG}?createTimeEnd=${day(-1)}`, tokens.almgr)).data.total).toBe(0);
    expect(await h.call(`${LOG}?outcome=lost`, tokens.almgr)).toMatchObject({ code: 400 });
    expect(await h.call(`${LOG}?createTimeStart=2026-02-30`, tokens.almgr)).toMatchObject({
      code: 400,
      msg: 'createTimeStart:请输入正确的开始日期',
    });
  });

  it('needs the page’s code, and another tenant’s deliveries are invisible and 404 to retry', async () => {
    expect(await h.call(LOG, tokens.alview)).toMatchObject({ code: 403 });
    const failedId = await idOf(failedCert.id);
    const theirs = await h.call(`${LOG}?size=100`, tokens.talmgr);
    expect(theirs.code).toBe(200);
    expect(theirs.data.total).toBe(0);
    expect(
      await h.call(DELIVERY_CALLS.retry.path, tokens.talmgr, { id: failedId, channel: 'sms' }),
    ).toMatchObject({ code: 404 });
    expect(
      await h.call(DELIVERY_CALLS.retry.path, tokens.alview, { id: failedId, channel: 'sms' }),
    ).toMatchObject({ code: 403 });
  });

  it('sends a failed SMS again through the provider: sent when accepted; a sent one is refused in words', async () => {
    const failedId = await idOf(failedCert.id);
    sms.refuse(true);
    try {
      const again = await h.call(DELIVERY_CALLS.retry.path, tokens.almgr, { id: failedId, channel: 'sms' });
      expect(again).toMatchObject({ code: 200, data: { state: 'failed' } });
    } finally {
      sms.refuse(false);
    }
    expect((await deliveries(failedCert.id))[0].sms_state).toBe('failed');
    const before = textsAbout(failedCert.no).length;
    const retried = await h.call(DELIVERY_CALLS.retry.path, tokens.almgr, { id: failedId, channel: 'sms' });
    expect(retried).toMatchObject({ code: 200, data: { id: failedId, channel: 'sms', state: 'sent' } });
    expect(
      textsAbout(failedCert.no)
        .slice(before)
        .map((t) => t.mobile)
        .sort(),
    ).toEqual(customerPhones);
    expect((await deliveries(failedCert.id))[0]).toMatchObject({ sms_state: 'sent', sms_reason: '' });

    const refused = await h.call(DELIVERY_CALLS.retry.path, tokens.almgr, { id: failedId, channel: 'sms' });
    expect(refused).toMatchObject({ code: 400, msg: '只有发送失败的短信或邮件可以重新发送' });
    expect(
      await h.call(DELIVERY_CALLS.retry.path, tokens.almgr, { id: failedId, channel: 'email' }),
    ).toMatchObject({ code: 400, msg: '只有发送失败的短信或邮件可以重新发送' });
    expect(textsAbout(failedCert.no).length).toBe(before + 2);
  });
});

describe('overdue supervision and recorded expiry', () => {
  const ofKind = async (subjectId: string, kind: string) =>
    (await deliveries(subjectId)).filter((r) => r.alert_kind === kind);

  it('alerts once per certificate per overdue period; a later factory inspection starts a new period', async () => {
    const cert = await certificate(day(900), h.blade.db, day(-200));
    await runAlertScan(depsOf(h.blade), inDays(150));
    expect(await ofKind(cert.id, 'supervision')).toEqual([]);

    // 370 days after the issue, no inspection: overdue, once.
    await Promise.all([
      runAlertScan(depsOf(h.blade), inDays(170)),
      runAlertScan(depsOf(h.blade), inDays(170)),
    ]);
    await runAlertScan(depsOf(h.blade), inDays(171));
    let rows = await ofKind(cert.id, 'supervision');
    expect(rows).toHaveLength(1);
    // The engineer and the company's two users.
    expect(rows[0]).toMatchObject({ alert_key: day(-200), portal_count: 3, config_id: '0' });
    const notices = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('blade_message')
        .select('user_id')
        .where('title', '=', `监督检查逾期：${cert.no}`)
        .execute(),
    );
    expect(notices).toHaveLength(3);

    // A supervision inspection on its application: the period counts from it.
    const [inspector] = [engineerId];
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .insertInto('business_factory_check')
        .values({
          id: nextId(),
          tenant_id: PLATFORM,
          application_id: cert.appId,
          check_date: day(172),
          inspector_id: inspector,
          result: 'pass',
        })
        .execute(),
    );
    await runAlertScan(depsOf(h.blade), inDays(400));
    expect(await ofKind(cert.id, 'supervision')).toHaveLength(1);
    await runAlertScan(depsOf(h.blade), inDays(540));
    await runAlertScan(depsOf(h.blade), inDays(541));
    rows = await ofKind(cert.id, 'supervision');
    expect(rows.map((r) => r.alert_key)).toEqual([day(-200), day(172)]);
  });

  it('records a lapsed certificate as expired in its status history once, by the system', async () => {
    const cert = await certificate(day(-3));
    await Promise.all([runAlertScan(depsOf(h.blade), new Date()), runAlertScan(depsOf(h.blade), new Date())]);
    await runAlertScan(depsOf(h.blade), inDays(1));
    const history = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['resource', 'action', 'field', 'from_value', 'to_value', 'user_id', 'comment'])
        .where('record_id', '=', cert.id)
        .execute(),
    );
    expect(history).toEqual([
      {
        resource: 'business_certificate',
        action: 'expire',
        field: 'cert_status',
        from_value: 'valid',
        to_value: 'expired',
        user_id: '0',
        comment: `系统：有效期至 ${day(-3)} 届满`,
      },
    ]);
    expect(await ofKind(cert.id, 'expiry')).toHaveLength(1);
    // No lead-time alert for a certificate already past its valid-to.
    expect(await ofKind(cert.id, 'cert')).toEqual([]);
  });
});

describe('node-progress tracks', () => {
  it('sets a node limit, shows the application overdue on both tracks and alerts the engineer once', async () => {
    const appId = nextId();
    await withTenant(h.blade.db, PLATFORM, async (trx) => {
      await trx
        .insertInto('business_application')
        .values({
          id: appId,
          tenant_id: PLATFORM,
          scheme: 'ccc',
          application_no: `SQC-NODE-${Date.now()}`,
          company_id: companyId,
          product_name: '节点超时电机',
          models: JSON.stringify([]),
          ex_markings: JSON.stringify([]),
          flow_state: 'testing',
          engineer_id: engineerId,
        })
        .execute();
      const at = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
      for (const [from, to, days] of [
        ['draft', 'submitted', 20],
        ['submitted', 'accepted', 18],
        ['accepted', 'testing', 10],
      ] as const)
        await trx
          .insertInto('blade_status_history')
          .values({
            id: nextId(),
            tenant_id: PLATFORM,
            resource: 'business_application',
            record_id: appId,
            action: 'step',
            field: 'flow_state',
            from_value: from,
            to_value: to,
            user_id: engineerId,
            create_time: at(days),
          })
          .execute();
    });
    expect(
      await h.call(NODE_CALLS.update.path, tokens.almgr, {
        trackLevel: 'fine',
        nodeCode: 'testing',
        limitDays: 5,
      }),
    ).toMatchObject({ code: 200, data: { nodeCode: 'testing', limitDays: 5, enabled: 1 } });
    expect(
      await h.call(NODE_CALLS.update.path, tokens.almgr, {
        trackLevel: 'fine',
        nodeCode: 'nowhere',
        limitDays: 5,
      }),
    ).toMatchObject({ code: 400, msg: '节点不存在' });
    expect(
      await h.call(NODE_CALLS.update.path, tokens.almgr, {
        trackLevel: 'fine',
        nodeCode: 'testing',
        limitDays: 0,
      }),
    ).toMatchObject({ code: 400, msg: expect.stringContaining('时限应为1至3650天') });
    expect(
      await h.call(NODE_CALLS.update.path, tokens.alview, {
        trackLevel: 'fine',
        nodeCode: 'testing',
        limitDays: 9,
      }),
    ).toMatchObject({ code: 403 });

    const fine = await h.call(`${NODE_CALLS.finePage.path}?overdue=1&size=100`, tokens.alview);
    expect(fine.data.records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          applicationId: appId,
          nodeCode: 'testing',
          elapsedDays: 10,
          limitDays: 5,
          overdue: true,
        }),
      ]),
    );
    const coarse = await h.call(`${NODE_CALLS.coarsePage.path}?size=100`, tokens.alview);
    expect(
      coarse.data.records.find((r: { applicationId: string }) => r.applicationId === appId),
    ).toMatchObject({
      nodeCode: 'testing',
      limitDays: 0,
      overdue: false,
    });
    const detail = await h.call(NODE_CALLS.coarseDetail.path, tokens.alview, { id: appId });
    expect(
      detail.data.nodes.map((n: { nodeCode: string; leftAt: string }) => [n.nodeCode, n.leftAt === '']),
    ).toEqual([
      ['acceptance', false],
      ['testing', true],
    ]);
    expect(await h.call(NODE_CALLS.coarseDetail.path, tokens.talmgr, { id: appId })).toMatchObject({
      code: 404,
    });

    await runAlertScan(depsOf(h.blade), new Date());
    await runAlertScan(depsOf(h.blade), new Date());
    const rows = await deliveries(appId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ alert_kind: 'node', portal_count: 1 });
    const notices = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('blade_message')
        .select('user_id')
        .where('title', 'like', '节点超时%')
        .where('content', 'like', '%节点超时电机%')
        .execute(),
    );
    expect(notices).toEqual([{ user_id: engineerId }]);
  });
});

// Two portal replicas on one PostgreSQL: separate Blade instances, separate pools, passes at the same moment.
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onPostgres('two Blade instances on one PostgreSQL', () => {
  let a: Blade;
  let b: Blade;
  let drop: () => Promise<void> = async () => {};
  let databaseUrl = '';
  const options = (databaseUrl: string) =>
    bladeOptionsOn(databaseUrl, { outbound: { allowedHosts: [sms.host] }, alertScheduler: {} });

  beforeAll(async () => {
    const database = await testDatabase();
    drop = database.drop;
    databaseUrl = database.databaseUrl!;
    a = await createBlade(options(database.databaseUrl!));
    b = await createBlade(options(database.databaseUrl!));
  }, SETUP_TIMEOUT * 2);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop();
  }, SETUP_TIMEOUT);

  it('delivers each alert once when both run the pass at once, and nothing on a second run', async () => {
    // The shared database's own company, customers, SMS configuration and alert configuration.
    const db = a.db;
    const company = nextId();
    await withTenant(db, PLATFORM, async (trx) => {
      await trx
        .insertInto('blade_customer_company')
        .values({
          id: company,
          tenant_id: PLATFORM,
          company_name: '乙防爆',
          credit_code: '91410000MA00000002',
        })
        .execute();
      await trx
        .insertInto('blade_sms')
        .values({
          id: nextId(),
          tenant_id: PLATFORM,
          category: 1,
          sms_code: 'replicas',
          template_id: 'tpl-expiry',
          access_key: 'account',
          secret_key: sms.apikey,
          sign_name: '检测中心',
          endpoint: sms.endpoint,
          status: 2,
        })
        .execute();
      await trx
        .insertInto('business_alert_cert_config')
        .values({
          id: nextId(),
          tenant_id: PLATFORM,
          config_name: '双实例',
          lead_days: '60,30',
          notify_sms: 1,
        })
        .execute();
    });
    const phone = '13935000009';
    const user = await customerWithPhone(db, company, 'replcust', phone);
    const certs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { id } = await addIssuedCertificate(db, PLATFORM, company, {
        certificate: {
          cert_number: `REPLICA-${i}-${Date.now()}`,
          issue_date: day(-300),
          valid_to: day(100 + i),
        },
      });
      certs.push(id);
    }
    const since = sms.texts.length;
    const past = inDays(50);
    const results = await Promise.all([
      runAlertScan(depsOf(a), past),
      runAlertScan(depsOf(b), past),
      runAlertScan(depsOf(a), past),
      runAlertScan(depsOf(b), past),
    ]);
    expect(results.reduce((sum, r) => sum + r.raised, 0)).toBe(5);
    const count = async () =>
      withTenant(db, PLATFORM, async (trx) => ({
        deliveries: (
          await trx
            .selectFrom('business_alert_delivery')
            .select('id')
            .where('subject_id', 'in', certs)
            .execute()
        ).length,
        notices: (await trx.selectFrom('blade_message').select('id').where('user_id', '=', user).execute())
          .length,
      }));
    expect(await count()).toEqual({ deliveries: 5, notices: 5 });
    expect(sms.texts.slice(since).filter((t) => t.mobile === phone)).toHaveLength(5);

    await Promise.all([runAlertScan(depsOf(a), past), runAlertScan(depsOf(b), past)]);
    expect(await count()).toEqual({ deliveries: 5, notices: 5 });
    expect(sms.texts.slice(since).filter((t) => t.mobile === phone)).toHaveLength(5);

    // Both instances' schedulers run too, each started on the shared pg-boss schema.
    expect(a.alerts).toBeDefined();
    expect(b.alerts).toBeDefined();
  }, 60_000);

  it('delivers each alert once when two OS processes (tsx) run the pass at once', async () => {
    const db = a.db;
    const company = nextId();
    await withTenant(db, PLATFORM, (trx) =>
      trx
        .insertInto('blade_customer_company')
        .values({
          id: company,
          tenant_id: PLATFORM,
          company_name: '丙防爆',
          credit_code: '91410000MA00000003',
        })
        .execute(),
    );
    const phone = '13935000010';
    const user = await customerWithPhone(db, company, 'proccust', phone);
    const certs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { id } = await addIssuedCertificate(db, PLATFORM, company, {
        certificate: {
          cert_number: `PROCESS-${i}-${Date.now()}`,
          issue_date: day(-100),
          valid_to: day(120 + i),
        },
      });
      certs.push(id);
    }
    const since = sms.texts.length;
    const tsx = path.resolve('node_modules/.bin/tsx');
    const script = path.resolve('blade/modules/alerts/scan-process.test-helper.ts');
    const pass = () =>
      new Promise<{ raised: number }>((resolve, reject) => {
        const child = spawn(tsx, [script], {
          env: {
            ...process.env,
            DATABASE_URL: databaseUrl,
            SMS_HOST: sms.host,
            ALERT_NOW: inDays(70).toISOString(),
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('exit', (code) =>
          code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`scan process ${code}: ${err}`)),
        );
      });
    const results = await Promise.all([pass(), pass()]);
    // The other alerts this database holds by now were raised by the previous test; these four are new.
    expect(results.reduce((sum, r) => sum + r.raised, 0)).toBeGreaterThanOrEqual(4);
    const rows = await withTenant(db, PLATFORM, (trx) =>
      trx
        .selectFrom('business_alert_delivery')
        .select(['subject_id', 'sms_state'])
        .where('subject_id', 'in', certs)
        .where('alert_kind', '=', 'cert')
        .execute(),
    );
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.sms_state === 'sent')).toBe(true);
    const notices = await withTenant(db, PLATFORM, (trx) =>
      trx.selectFrom('blade_message').select('id').where('user_id', '=', user).execute(),
    );
    expect(notices).toHaveLength(4);
    expect(sms.texts.slice(since).filter((t) => t.mobile === phone)).toHaveLength(4);
  }, 120_000);
});

// Last: it takes the alert menus away to play an existing database from before them.
describe('the menus of an existing database', () => {
  it('the migration adds the group, pages and buttons and grants them to the platform administrator and admins', async () => {
    await replayMenuMigration(h.blade.db, {
      codes: ['alert_center', ...ALL_CODES],
      tenants: [PLATFORM, T],
      migrate: addAlertMenus,
    });
  });

  it('the log’s migration adds 提醒记录 and its retry under the group and grants them like the other alert pages', async () => {
    await replayMenuMigration(h.blade.db, {
      codes: LOG_CODES,
      tenants: [PLATFORM, T],
      migrate: addAlertLogMenus,
    });
    expect((await menuPlaces(h.blade.db, [ALERT_LOG_CODES.logPage]))[ALERT_LOG_CODES.logPage]).toEqual({
      parent: 'alert_center',
      path: '/alerts/deliveries',
    });
  });
});
