import sharp from 'sharp';
import { sql } from 'kysely';
import type { Hono } from 'hono';
import type { BladeEnv } from '../core/context';
import { nextId } from '../core/ids';
import type { Db } from '../db/tenant';
import { withTenant } from '../db/tenant';
import { PLATFORM_TENANT } from '../db/seed-data';
import { hashPassword, md5Hex } from '../modules/auth/password';
import {
  ensureCustomerRole,
  insertCompany,
  insertCustomerUser,
} from '../modules/customer/customer.repository';
import { provisionTenant, tenantMenuIds } from '../modules/system/tenant/tenant-provision';
import { DemoClient } from './client';
import {
  APPLICATIONS,
  CARD_GOODS,
  CARD_SALES,
  CNEX_APPLICATIONS,
  COMPANIES,
  COMPLAINTS,
  BIZ_MESSAGES,
  COST_PLANS,
  COSTS,
  DEMO_PASSWORD,
  DEMO_TENANT_ID,
  DEMO_TENANT_NAME,
  DEPARTMENTS,
  DEVOPS,
  EQUIPMENT,
  EVENT_RECORDS,
  EXTRA_ROLES,
  FIELD_TASKS,
  PROJECTS,
  STAFF,
  SURVEY_ANSWERS,
  TEAMS,
  type DemoApplication,
  type DemoCompany,
  type DeptKey,
} from './data';

/**
 * The demo institute (issue 18): a second tenant, 演示检测认证院, filled through blade/'s own calls by its own users
 * (README.md). Runs only when asked (DEMO_INSTITUTE, see blade/app.ts) and only once: a database that has the demo
 * tenant's id, live or deleted, is left alone.
 */

export interface DemoAccount {
  tenantId: string;
  account: string;
  password: string;
  realName: string;
  duty: string;
}

export interface DemoResult {
  created: boolean;
  accounts: DemoAccount[];
  /** Rows made per kind (for the printout and the report). */
  counts: Record<string, number>;
}

export interface DemoTarget {
  app: Hono<BladeEnv>;
  db: Db;
  portalClient: { clientId: string; clientSecret: string };
}

const APP_CALLS = {
  ccc: {
    save: '/blade-customer/applicationForCcc/saveApplicationForCcc',
    update: '/blade-customer/applicationForCcc/updateApplicationForCcc',
    submit: (id: string) => `/blade-customer/applicationForCcc/submitApplicationForCcc?id=${id}`,
    functionCode: 'ccc_application',
  },
  cqst: {
    save: '/blade-customer/cqstOrCnvEx/insertCqstOrCnvExDto',
    update: '/blade-customer/cqstOrCnvEx/updateCqstOrCnvExDto',
    submit: (id: string) => `/blade-customer/cqstOrCnvEx/subMitCqst?id=${id}`,
    functionCode: 'cqst_application',
  },
  cnex: {
    save: '/blade-customer/cnex/saveCnexDto',
    update: '/blade-customer/cnex/updateCnexDto',
    submit: (id: string) => `/blade-customer/cnex/submitCnex?id=${id}`,
    functionCode: 'cnex_application',
  },
} as const;
const FLOW = '/blade-customer/applicationFlow/transit';
const NOTE = '/blade-customer/paymentNote';
const ARCHIVE = '/blade-cqst';

/** yyyy-MM-dd of today plus `days` (server time zone, as the screens' date pickers send it). */
const day = (days = 0) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Exact yuan arithmetic on decimal text: integer cents. */
const cents = (amount: string) => {
  const [yuan, fen = ''] = amount.split('.');
  return BigInt(yuan) * 100n + BigInt((fen + '00').slice(0, 2));
};
const yuan = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

/**
 * A scanned page as the customers upload them (the application catalogues take images and Office files, not PDF): a
 * plain A4-proportioned PNG, made once and uploaded under each document's name.
 */
let scan: Promise<Buffer> | undefined;
const scannedPage = () =>
  (scan ??= sharp({ create: { width: 420, height: 594, channels: 3, background: '#f7f6f0' } })
    .png()
    .toBuffer());

/**
 * The issued invoice's file as finance uploads it. Uploads take images and Office files only (files module
 * file-type.ts: PDF is for files the server makes), so the electronic invoice is kept as its rendered page: a PNG in
 * an invoice's proportions with the red frame and table lines of a 增值税发票 (no text: no fonts are assumed).
 */
let invoiceScan: Promise<Buffer> | undefined;
const invoicePage = () =>
  (invoiceScan ??= sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="840" height="520">
        <rect width="840" height="520" fill="#fffdf8"/>
        <rect x="20" y="90" width="800" height="380" fill="none" stroke="#b5482f" stroke-width="2"/>
        <ellipse cx="420" cy="48" rx="70" ry="30" fill="none" stroke="#c0392b" stroke-width="3"/>
        ${[150, 300, 340, 420].map((y) => `<line x1="20" y1="${y}" x2="820" y2="${y}" stroke="#b5482f"/>`).join('')}
        ${[60, 560, 600].map((x) => `<line x1="${x}" y1="90" x2="${x}" y2="470" stroke="#b5482f"/>`).join('')}
      </svg>`,
    ),
  )
    .png()
    .toBuffer());

/** The parameter written when the whole demo is made: a tenant without it is a run that stopped half way. */
export const DEMO_COMPLETE_PARAM = 'demo.institute.completed';

/** True when the demo tenant's id is taken (by the demo made before, or by anything else: then nothing is made). */
export async function demoTenantExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('blade_tenant')
    .select('id')
    .where('tenant_id', '=', DEMO_TENANT_ID)
    .executeTakeFirst();
  return row !== undefined;
}

async function demoCompleted(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('blade_param')
    .select('id')
    .where('param_key', '=', DEMO_COMPLETE_PARAM)
    .executeTakeFirst();
  return row !== undefined;
}

export async function generateDemoInstitute(
  target: DemoTarget,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<DemoResult> {
  const { db } = target;
  if (await demoTenantExists(db)) {
    if (await demoCompleted(db)) return { created: false, accounts: [], counts: {} };
    // The calls go one by one (each its own transaction, as the screens send them), so a refused call leaves the
    // rows made before it. Such a tenant is not skipped as if it were the demo: the start stops and says so.
    throw new Error(
      `[demo] 此数据目录中的演示机构（租户 ${DEMO_TENANT_ID}）未生成完整（上次运行中途失败）：请用空的 DATA_DIR 重新运行 npm run demo / ` +
        `the demo institute in this data directory is incomplete (an earlier run stopped half way): run npm run demo with an empty DATA_DIR`,
    );
  }
  const api = new DemoClient(target.app, db, target.portalClient);
  const T = DEMO_TENANT_ID;
  const counts: Record<string, number> = {};
  const count = (kind: string, n = 1) => {
    counts[kind] = (counts[kind] ?? 0) + n;
  };
  const accounts: DemoAccount[] = [];
  /** The folders under the root of a record's archive tree (as the file screens list them). */
  const archiveNodes = async (token: string, functionCode: string, dataId: string) => {
    const q = async (parentId = '') =>
      (
        await api.must(
          `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode, dataId, ...(parentId && { parentId }) })}`,
          token,
        )
      ).data.records as { id: string; catalogName: string; mustUpload: number }[];
    return q((await q())[0].id);
  };

  // --- The tenant. The platform's tenant form (POST /blade-system/tenant/submit) needs the platform administrator's
  // password, which the generator does not know; it makes the same rows with the same service the route calls
  // (tenant-provision.ts provisionTenant: root dept, 管理员 role with every tenant menu, account admin, work roles,
  // archive catalogues), with a fixed tenant id instead of a random one so that the demo's login is documented.
  const platformAdmin = await db
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT.tenantId)
    .where('account', '=', 'admin')
    .executeTakeFirst();
  await withTenant(db, T, async (trx) => {
    await trx
      .insertInto('blade_tenant')
      .values({
        id: nextId(),
        tenant_id: T,
        tenant_name: DEMO_TENANT_NAME,
        linkman: '张院长',
        contact_number: '0377-63200000',
        address: '河南省南阳市高新区防爆路1号（演示数据）',
        create_user: platformAdmin?.id ?? '0',
        update_user: platformAdmin?.id ?? '0',
      })
      .execute();
    await provisionTenant(trx, {
      tenantId: T,
      tenantName: DEMO_TENANT_NAME,
      adminPassword: DEMO_PASSWORD,
      menuIds: await tenantMenuIds(trx, null),
      createUser: platformAdmin?.id ?? '0',
    });
  });
  accounts.push({
    tenantId: T,
    account: 'admin',
    password: DEMO_PASSWORD,
    realName: '管理员',
    duty: '院系统管理员：部门、人员、角色、全部菜单',
  });
  const admin = await api.login('admin', DEMO_PASSWORD, T);

  // --- Departments, as the admin's dept screen adds them (under the tenant's root dept).
  const rootDept = (await api.must('/blade-system/dept/list', admin)).data[0].id as string;
  const deptIds = {} as Record<DeptKey, string>;
  for (const [i, dept] of DEPARTMENTS.entries()) {
    await api.must('/blade-system/dept/submit', admin, {
      parentId: rootDept,
      deptName: dept.name,
      fullName: `${DEMO_TENANT_NAME}${dept.name}`,
      sort: i + 1,
    });
    const found = await api.must(`/blade-system/dept/list?deptName=${encodeURIComponent(dept.name)}`, admin);
    deptIds[dept.key] = found.data[0].id;
    count('departments');
  }

  // --- The archive roles, made and granted as on the role screen (menu ids read by code: the screen picks them
  // in a tree).
  for (const [i, role] of EXTRA_ROLES.entries())
    await api.must('/blade-system/role/submit', admin, {
      roleName: role.name,
      roleAlias: role.alias,
      parentId: '0',
      sort: 60 + i,
    });
  const roles = await withTenant(db, T, (trx) =>
    trx
      .selectFrom('blade_role')
      .select(['id', 'role_alias'])
      .where('tenant_id', '=', T)
      .where('is_deleted', '=', 0)
      .execute(),
  );
  const roleId = (alias: string) => {
    const found = roles.find((r) => r.role_alias === alias);
    if (!found) throw new Error(`[demo] no role ${alias}`);
    return found.id;
  };
  const menus = await db
    .selectFrom('blade_menu')
    .select(['id', 'parent_id', 'code'])
    .where('is_deleted', '=', 0)
    .execute();
  const menuById = new Map(menus.map((m) => [m.id, m]));
  for (const role of EXTRA_ROLES) {
    // The pages and buttons with the groups above them, as the role screen's tree checks them.
    const ids = new Set<string>();
    for (const menu of menus.filter((m) => (role.menus as readonly string[]).includes(m.code)))
      for (let m = menuById.get(menu.id); m && !ids.has(m.id); m = menuById.get(m.parent_id)) ids.add(m.id);
    await api.must('/blade-system/role/grant', admin, { roleIds: [roleId(role.alias)], menuIds: [...ids] });
  }

  // --- Staff, as the admin's user screen adds them.
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  for (const person of STAFF) {
    await api.must('/blade-user/submit', admin, {
      account: person.account,
      password: DEMO_PASSWORD,
      password2: DEMO_PASSWORD,
      realName: person.realName,
      name: person.realName,
      phone: person.phone,
      email: `${person.account}@demo-institute.example`,
      roleId: person.roles.map(roleId).join(','),
      deptId: deptIds[person.dept],
    });
    tokens[person.account] = await api.login(person.account, DEMO_PASSWORD, T);
    accounts.push({
      tenantId: T,
      account: person.account,
      password: DEMO_PASSWORD,
      realName: person.realName,
      duty: person.duty,
    });
    count('staff');
  }
  const staffIds = await withTenant(db, T, (trx) =>
    trx.selectFrom('blade_user').select(['id', 'account']).where('tenant_id', '=', T).execute(),
  );
  for (const u of staffIds) userIds[u.account] = u.id;

  // --- Customer companies and their first users. A company's registration (POST /blade-customer/user/insertUser)
  // needs a code sent by SMS or e-mail; the generator writes the company and user with the customer module's own
  // repository functions that registration uses (customer.repository.ts), active, holding the tenant's customer role.
  const companyIds = {} as Record<DemoCompany['key'], string>;
  const customerRole = await withTenant(db, T, (trx) => ensureCustomerRole(trx, T));
  const passwordHash = await hashPassword(md5Hex(DEMO_PASSWORD));
  for (const company of COMPANIES) {
    companyIds[company.key] = await withTenant(db, T, async (trx) => {
      const companyId = await insertCompany(trx, T, {
        companyName: company.name,
        creditCode: company.creditCode,
        address: company.address,
        contactName: company.contactName,
        contactPhone: company.contactPhone,
        email: `${company.account}@customer.example`,
      });
      await insertCustomerUser(trx, T, {
        account: company.account,
        passwordHash,
        realName: company.realName,
        phone: '',
        email: `${company.account}@customer.example`,
        companyId,
        roleId: customerRole,
        status: 1,
      });
      return companyId;
    });
    tokens[company.account] = await api.login(company.account, DEMO_PASSWORD, T);
    accounts.push({
      tenantId: T,
      account: company.account,
      password: DEMO_PASSWORD,
      realName: company.realName,
      duty: `客户：${company.name}`,
    });
    count('companies');
    count('customerUsers');
  }

  // --- Applications, each taken by the right people to where it stops.
  const made: { spec: DemoApplication; id: string; applicationNo: string; noteId?: string }[] = [];
  for (const spec of APPLICATIONS) {
    const company = COMPANIES.find((c) => c.key === spec.company)!;
    const customer = tokens[company.account];
    const calls = APP_CALLS[spec.scheme];
    const party = (p: string) => ({
      [`${p}Name`]: company.name,
      [`${p}CreditCode`]: company.creditCode,
      [`${p}Address`]: company.address,
    });
    const form = {
      ...party('applicant'),
      ...party('manufacturer'),
      ...party('factory'),
      contactName: company.contactName,
      contactPhone: company.contactPhone,
      productName: spec.productName,
      productCategory: spec.productCategory,
      applicationType: 'new',
      models: spec.models,
      exMarkings: spec.exMarkings,
      standards: spec.standards,
    };
    let id: string;
    if (spec.scheme === 'ccc') {
      id = (await api.must(calls.save, customer, { productName: spec.productName })).data.id;
      await api.must(calls.update, customer, { id, ...form });
    } else id = (await api.must(calls.save, customer, form)).data.id;
    count(`applications.${spec.scheme}`);
    const entry: (typeof made)[number] = { spec, id, applicationNo: '' };
    made.push(entry);
    if (spec.stop === 'draft') continue;

    // The documents of every must-upload node of the application's tree, as the customer's upload screen sends them.
    const nodes = await archiveNodes(customer, calls.functionCode, id);
    for (const node of nodes.filter((n) => n.mustUpload === 1)) {
      await api.upload(
        customer,
        { functionCode: calls.functionCode, dataId: id, fileCatalogId: node.id },
        { name: `${node.catalogName.replace(/[\\/]/g, '-')}.png`, bytes: await scannedPage() },
      );
      count('documents');
    }
    const submitted = await api.must(calls.submit(id), customer, {});
    entry.applicationNo = submitted.data.applicationNo;
    if (spec.stop === 'submitted') continue;
    const step = (who: string, action: string, extra: Record<string, unknown> = {}) =>
      api.must(FLOW, tokens[who], { id, action, ...extra });
    if (spec.stop === 'returned') {
      await step('shouli', 'retreat', { reason: '防爆图纸缺少隔爆接合面参数标注，请补充后重新提交' });
      continue;
    }
    await step('shouli', 'accept');
    if (spec.stop === 'accepted') continue;
    await step('shouli', 'noticeFee');

    if (spec.payment && spec.fees) {
      const total = spec.fees.reduce((sum, line) => sum + cents(line.amount), 0n);
      const note = await api.must(`${NOTE}/issuePaymentNote`, tokens.caiwu, {
        applicationId: id,
        lines: spec.fees,
        totalAmount: yuan(total),
        dueDate: day(spec.noteDueInDays ?? 30),
        payeeInfo: `${DEMO_TENANT_NAME} 开户行：中国工商银行南阳分行 账号：1714 0200 0920 0088 888`,
      });
      entry.noteId = note.data.id;
      count(`paymentNotes.${spec.payment}`);
      const pay = async (amount: bigint) => {
        const slipNode = (await archiveNodes(customer, 'payment_note', note.data.id))[0].id;
        const fileId = await api.upload(
          customer,
          { functionCode: 'payment_note', dataId: note.data.id, fileCatalogId: slipNode },
          { name: '银行转账回单.png', bytes: await scannedPage() },
        );
        const saved = await api.must(`${NOTE}/savePaymentVoucher`, customer, {
          noteId: note.data.id,
          amount: yuan(amount),
          payDate: day(-3),
          payerName: company.name,
          fileId,
        });
        count('vouchers');
        return saved.data.vouchers.at(-1).id as string;
      };
      if (spec.payment === 'paid' || spec.payment === 'partly_paid') {
        const voucher = await pay(spec.payment === 'paid' ? total : total / 2n);
        await api.must(`${NOTE}/confirmPaymentVoucher`, tokens.caiwu, { id: voucher });
      } else if (spec.stop === 'testing') {
        // A voucher waiting for finance: the note stays issued until it is confirmed.
        await pay(total);
      }
    }
    if (spec.stop === 'fee_noticed') continue;

    if (spec.scheme === 'ccc' || spec.scheme === 'cqst') {
      await api.must('/blade-customer/flowInstance/sampleSent', customer, {
        id,
        courierNo: `SF14${id.slice(-8)}`,
      });
      await step('yangpin', 'receiveSamples');
      if (spec.stop === 'samples_received') continue;
      await step('jiance', 'startTest');
      if (spec.stop === 'testing') continue;
      await step('jiance', 'passTest', {
        testConclusion: `样品符合 ${spec.standards.join('、')} 的要求，型式试验合格`,
      });
      if (spec.scheme === 'ccc')
        await api.must('/business-service/factoryCheck/saveResult', tokens.jiancha, {
          applicationId: id,
          checkDate: day(-10),
          result: 'pass',
          ncItems: '',
          conclusion: '工厂质量保证能力满足要求，产品一致性检查符合',
        });
    }
    if (spec.stop === 'evaluation') continue;
    await step('pingding', 'evaluate', {
      evaluationComment: '资料齐全，试验与检查结论符合要求，建议批准发证',
    });
    await step('jueding', 'issue');
    count(`certificates.${spec.scheme}`);
    if (spec.expiresInDays !== undefined) {
      // No call backdates a certificate (the issue step dates it today and for five years): to show renewal work the
      // demo moves the dates of a few as if they had been issued five years ago.
      const validTo = day(spec.expiresInDays);
      await withTenant(db, T, (trx) =>
        trx
          .updateTable('business_certificate')
          .set({
            valid_to: validTo,
            issue_date: sql<string>`(${validTo}::date - interval '5 years' + interval '1 day')::date`,
          })
          .where('application_id', '=', id)
          .execute(),
      );
      count('certificatesExpiringSoon');
    }
  }

  // --- Certificate changes (证书变更): a factory relocation taken through to the reissued version 2, and one waiting
  // for acceptance.
  const CHG = '/blade-customer/certChange';
  const relocate = async (spec: DemoApplication, to: string) => {
    const company = COMPANIES.find((c) => c.key === spec.company)!;
    const customer = tokens[company.account];
    const certs = (await api.must('/blade-customer/certificate/page?current=1&size=50', customer)).data
      .records as {
      id: string;
      productName: string;
    }[];
    const cert = certs.find((c) => c.productName === spec.productName)!;
    const saved = await api.must(`${CHG}/saveForCCC`, customer, {
      certificateId: cert.id,
      changeTypes: ['factoryRelocation'],
      reason: '工厂整体搬迁至新厂区，生产设备、工艺和质量体系不变',
      after: { factoryName: `${company.name}（新厂区）`, factoryAddress: to },
    });
    const changeId = saved.data.id as string;
    const nodes = (await api.must(`${CHG}/selectCccCertChangeFile`, customer, { id: changeId })).data as {
      id: string;
      catalogName: string;
      mustUpload: number;
    }[];
    for (const node of nodes.filter((n) => n.mustUpload === 1)) {
      await api.upload(
        customer,
        { functionCode: 'ccc_cert_change', dataId: changeId, fileCatalogId: node.id },
        { name: `${node.catalogName}.png`, bytes: await scannedPage() },
      );
      count('documents');
    }
    await api.must(`${CHG}/submitForCCC`, customer, { id: changeId });
    return changeId;
  };
  const changeable = made.filter((m) => m.spec.stop === 'issued' && m.spec.scheme === 'ccc');
  if (changeable.length >= 2) {
    const done = await relocate(changeable[0].spec, '河南省南阳市宛城区新能源产业园8号');
    await api.must(`${CHG}/accept`, tokens.shouli, { id: done });
    await api.must(`${CHG}/evaluate`, tokens.pingding, { id: done });
    await api.must(`${CHG}/approve`, tokens.jueding, { id: done });
    count('certChanges.reissued');
    await relocate(changeable[changeable.length - 1].spec, '浙江省温州市乐清市北白象镇智能电气园12号');
    count('certChanges.submitted');
  }

  // --- Paper archives of the issued applications (the archivist files them), and loans.
  const issued = made.filter((m) => m.spec.stop === 'issued');
  const archiveIds: string[] = [];
  for (const [i, m] of issued.entries()) {
    const saved = await api.must(`${ARCHIVE}/paperArchives/submit`, tokens.dangan, {
      applicationId: m.id,
      location: `A区${i + 1}排${(i % 4) + 1}层`,
      pageCount: 80 + i * 17,
      remark: '原件齐全',
    });
    archiveIds.push(saved.data.id);
    count('paperArchives');
  }
  // A request waiting for the leader, one lent out, one returned.
  const borrow = async (archiveId: string, purpose: string) =>
    (
      await api.must(`${ARCHIVE}/paperArchivesBorrowing/save`, tokens.gongcheng, {
        archiveId,
        purpose,
        dueDate: day(14),
      })
    ).data.id as string;
  if (archiveIds.length >= 3) {
    await borrow(archiveIds[0], '监督检查前复核型式试验原始记录');
    count('paperLoans.submitted');
    const lent = await borrow(archiveIds[1], '换证评审查阅原申请资料');
    await api.must(`${ARCHIVE}/paperArchivesBorrowing/approve`, tokens.zuzhang, {
      id: lent,
      pass: true,
      remark: '',
    });
    await api.must(`${ARCHIVE}/paperArchivesBorrowing/manageBorrow`, tokens.dangan, { id: lent });
    count('paperLoans.onLoan');
    const back = await borrow(archiveIds[2], '内审抽查');
    await api.must(`${ARCHIVE}/paperArchivesBorrowing/approve`, tokens.zuzhang, {
      id: back,
      pass: true,
      remark: '',
    });
    await api.must(`${ARCHIVE}/paperArchivesBorrowing/manageBorrow`, tokens.dangan, { id: back });
    await api.must(`${ARCHIVE}/paperArchivesBorrowing/manageReturn`, tokens.dangan, {
      id: back,
      remark: '页数齐全，无污损',
    });
    count('paperLoans.returned');
  }
  if (archiveIds.length >= 4) {
    const late = await borrow(archiveIds[3], '质量体系审核抽查原始记录');
    await api.must(`${ARCHIVE}/paperArchivesBorrowing/approve`, tokens.zuzhang, {
      id: late,
      pass: true,
      remark: '',
    });
    await api.must(`${ARCHIVE}/paperArchivesBorrowing/manageBorrow`, tokens.dangan, { id: late });
    // No call takes a due date before today (a loan runs from today): to show an overdue file the demo moves this
    // loan's dates back as if it had been lent three weeks ago for fourteen days.
    await withTenant(db, T, (trx) =>
      trx
        .updateTable('business_archive_borrowing')
        .set({ due_date: day(-7), lent_at: sql`now() - interval '21 days'` })
        .where('id', '=', late)
        .execute(),
    );
    count('paperLoans.overdue');
  }
  for (const [i, m] of issued.slice(0, 2).entries()) {
    const saved = await api.must(`${ARCHIVE}/eArchivesBorrowing/save`, tokens.gongcheng, {
      applicationId: m.id,
      purpose: i === 0 ? '证书变更核对产品描述' : '客户投诉调查查阅试验报告',
      viewDays: 7,
    });
    if (i === 1) {
      await api.must(`${ARCHIVE}/eArchivesBorrowing/approve`, tokens.zuzhang, {
        id: saved.data.id,
        pass: true,
        remark: '',
      });
      count('electronicLoans.approved');
    } else count('electronicLoans.submitted');
  }

  // --- Invoices: the customers ask for invoices of their paid notes (finance issues them with the scan of the
  // invoice; the demo leaves them waiting for finance).
  for (const company of COMPANIES) {
    const customer = tokens[company.account];
    const notes = (
      await api.must('/blade-customer/invoiceApplication/selectInvoiceableNotes?current=1&size=50', customer)
    ).data.records as { noteId: string }[];
    if (!notes.length) continue;
    const info = await api.must('/blade-customer/invoiceInformation/saveOrUpdate', customer, {
      title: company.name,
      taxpayerId: company.creditCode,
      invoiceKind: 'ordinary',
      address: company.address,
      phone: company.contactPhone,
      bankName: '',
      bankAccount: '',
      email: `${company.account}@customer.example`,
      isDefault: 1,
    });
    count('invoiceInformation');
    await api.must('/blade-customer/invoiceApplication/saveInvoiceApplication', customer, {
      noteIds: [notes[0].noteId],
      infoId: info.data.id,
      remark: '请开具增值税普通发票',
    });
    count('invoiceRequests');
  }

  // --- Laboratory equipment with their measurement certificates (the lab manager) and bookings (the tester).
  const EQ = '/blade-combusiness';
  const equipmentIds: string[] = [];
  for (const [i, item] of EQUIPMENT.entries()) {
    await api.must(`${EQ}/equipment/save`, tokens.zuzhang, {
      assetNo: item.assetNo,
      name: item.name,
      model: item.model,
      serialNo: `SN${2019 + i}${String(1000 + i * 37)}`,
      location: item.location,
      range: item.range,
      accuracy: item.accuracy,
      cycleMonths: 12,
      custodianId: userIds.zuzhang,
    });
    const eq = (
      await api.must(`${EQ}/equipment/page?assetNo=${encodeURIComponent(item.assetNo)}`, tokens.zuzhang)
    ).data.records[0].id as string;
    equipmentIds.push(eq);
    count('equipment');
    // Last year's certificate and the current one (the instrument's colour follows the newest).
    for (const [years, validIn] of [
      [1, item.validInDays - 365],
      [0, item.validInDays],
    ] as const) {
      await api.must(`${EQ}/equipmentMeasurementCertificate/save`, tokens.zuzhang, {
        equipmentId: eq,
        certNo: `JL${new Date().getFullYear() - years}-${String(3100 + i * 11 + years)}`,
        agency: i % 2 === 0 ? '河南省计量测试科学研究院' : '国家防爆电气产品质量检验检测中心（计量室）',
        calibrationDate: day(validIn - 365),
        validTo: day(validIn),
        result: years === 0 ? item.result : '合格',
      });
      count('equipmentCertificates');
    }
  }
  // Bookings on the usable instruments (not red): two ahead, one in use from now for three hours.
  const at = (days: number, hour: number) => `${day(days)} ${String(hour).padStart(2, '0')}:00:00`;
  const inThreeHours = new Date(Date.now() + 3 * 3_600_000);
  const usable = EQUIPMENT.map((e, i) => ({ e, id: equipmentIds[i] })).filter(({ e }) => e.validInDays > 7);
  const book = (equipmentId: string, start: string, end: string, purpose: string) =>
    api.must('/blade-combusiness/equipmentUsage/save', tokens.jiance, {
      equipmentId,
      startTime: start,
      endTime: end,
      purpose,
    });
  await book(usable[0].id, at(1, 9), at(1, 12), '隔爆外壳静压试验（YBK3-250M-4）');
  await book(usable[1].id, at(2, 14), at(2, 17), '隔爆型配电箱外壳爆炸试验');
  await api.must('/blade-combusiness/equipment/beginUseEquipment', tokens.zuzhang, {
    id: usable[2].id,
    endTime: inThreeHours.toISOString(),
    purpose: '电动机绝缘电阻测定',
  });
  count('equipmentBookings', 3);

  // --- Notes of the engineers: a catalogue of working notes, shared with the laboratory.
  const note = '/business-service/noteTree';
  const catalog = await api.must(`${note}/saveCatalog`, tokens.jiance, {
    parentId: '0',
    name: '型式试验作业指导',
  });
  for (const [name, content] of [
    [
      '隔爆外壳静压试验要点',
      '<p>参考压力按 GB/T 3836.2-2021 确定；静压试验取 1.5 倍参考压力，保压至少 10 s，外壳不得有永久变形。</p>',
    ],
    [
      '本安电路火花试验记录要求',
      '<p>按 GB/T 3836.4-2021 附录，IIC 类用 (21±2)% 氢气-空气混合物；每个极性至少 400 转。</p>',
    ],
  ] as const) {
    await api.must(`${note}/saveNote`, tokens.jiance, { parentId: catalog.data.id, name, content });
    count('notes');
  }
  await api.must(`${note}/updateNoteAuth`, tokens.jiance, {
    id: catalog.data.id,
    auths: [{ targetType: 'dept', targetId: deptIds.lab, authority: 'read' }],
  });
  await api.must(`${note}/saveNote`, tokens.gongcheng, {
    parentId: '0',
    name: '换证项目跟踪清单',
    content:
      '<ul><li>华安 YBBP 变频电机：证书 45 天内到期，已联系客户</li><li>东明 QJC 电磁起动器：待提交换证申请</li></ul>',
  });
  count('notes');

  // --- The institute's own projects and contracts (经营管理), run by its administrator.
  const biz = (path: string, body: unknown) => api.must(`/business-service/${path}`, admin, body);
  const list = async (resource: string, filter: Record<string, unknown>) =>
    (await biz(`${resource}/list`, { current: 1, size: 50, ...filter })).data.records as { id: string }[];
  const projectIds: string[] = [];
  for (const project of PROJECTS) {
    await biz('project/add', { projectName: project.name, projectUnit: project.unit, projectType: '1' });
    const projectId = (await list('project', { projectName: project.name }))[0].id;
    projectIds.push(projectId);
    count('projects');
    for (const contract of project.contracts) {
      await biz('contract/add', {
        projectId,
        contractName: contract.name,
        contractCode: contract.code,
        contractAmount: contract.amount,
      });
      const contractId = (await list('contract', { contractCode: contract.code }))[0].id;
      count('contracts');
      // Due dates a month apart, the paid ones behind (the last this month), the rest ahead: the finance plan and the
      // dashboard's receipts against plan have months to show.
      for (const [i, percent] of contract.batches.entries())
        await biz('contractBatch/addPay', {
          contractId,
          batchName: `第${i + 1}期`,
          percent,
          plannedDate: day((i - contract.paidBatches + 1) * 30),
        });
      count('contractBatches', contract.batches.length);
      const batches = await list('contractBatch', { contractId });
      for (const [i, batch] of batches.slice(0, contract.paidBatches).entries()) {
        const amount = (batch as unknown as { batchAmount: string }).batchAmount;
        await biz('realIncome/add', {
          batchId: batch.id,
          receivedAmount: amount,
          // The last receipt today: this month's receipts tile has one.
          receivedDate: day((i - contract.paidBatches + 1) * 20),
        });
        count('receipts');
      }
    }
    if (project.running) await biz('project/updateState', { id: projectId, projectStatus: '2' });
  }

  // --- Field tasks, real costs with their payments and devops records of the projects (经营管理, the administrator
  // who runs the projects; the engineers are the staff who do the work).
  for (const task of FIELD_TASKS) {
    await biz('fieldTask/add', {
      projectId: projectIds[task.project],
      taskName: task.taskName,
      taskType: task.taskType,
      taskStatus: task.taskStatus,
      startDate: day(task.startIn),
      endDate: day(task.endIn),
      location: task.location,
      userId: userIds[task.user],
      content: task.content,
    });
    count('fieldTasks');
  }
  for (const cost of COSTS) {
    await biz('realCost/add', {
      projectId: projectIds[cost.project],
      payType: cost.payType,
      supplier: cost.supplier,
      costDate: day(cost.costIn),
      payAmount: cost.amount,
    });
    count('costs');
    if (!cost.paid) continue;
    const costId = (
      await list('realCost', { projectId: projectIds[cost.project], supplier: cost.supplier })
    )[0].id;
    await biz('realCost/addInvoice', {
      costId,
      paidDate: day(cost.costIn + 3),
      paidAmount: cost.paid,
      payWay: '1',
      invoiceCode: cost.invoiceCode,
    });
    count('costPayments');
  }
  for (const record of DEVOPS) {
    await biz('devopsRecord/add', {
      projectId: projectIds[record.project],
      devopsDate: day(record.dateIn),
      devopsContent: record.content,
      devUserList: record.users.map((u) => ({ devUserId: userIds[u.account], workload: u.workload })),
    });
    count('devopsRecords');
  }
  // Cost plans: each a month's budget of one cost type, in the months of the costs above and the month ahead.
  for (const plan of COST_PLANS) {
    await biz('costPlan/add', {
      projectId: projectIds[plan.project],
      costType: plan.costType,
      planMonth: day(plan.monthOf).slice(0, 7),
      planAmount: plan.amount,
      remark: plan.remark,
    });
    count('costPlans');
  }
  for (const event of EVENT_RECORDS) {
    await biz('eventRecord/add', {
      projectId: projectIds[event.project],
      eventTitle: event.title,
      eventType: event.eventType,
      eventLevel: event.eventLevel,
      eventDate: day(event.dateIn),
      userId: userIds[event.user],
      content: event.content,
    });
    count('eventRecords');
  }

  // --- Teams of the staff (the administrator's team page), and business messages between colleagues (the senders
  // hold the demo's 业务消息 role); each recipient finds the message in the top bar's notices.
  for (const team of TEAMS) {
    await biz('team/saveTeam', {
      teamName: team.name,
      leaderId: userIds[team.leader],
      ...(team.dept && { deptId: deptIds[team.dept] }),
      remark: team.remark,
    });
    const teamId = (
      await api.must(
        `/business-service/team/listTeam?${new URLSearchParams({ current: '1', size: '10', teamName: team.name })}`,
        admin,
      )
    ).data.records[0].id as string;
    count('teams');
    for (const member of team.members) {
      await biz('team/saveTeamUser', {
        teamId,
        userId: userIds[member.account],
        teamRole: member.role,
        remark: member.remark,
      });
      count('teamMembers');
    }
  }
  for (const message of BIZ_MESSAGES) {
    await api.must('/business-service/message/save', tokens[message.from], {
      title: message.title,
      content: message.content,
      category: message.category,
      recipientIds: message.to.map((a) => userIds[a]).join(','),
    });
    count('bizMessages');
  }

  // --- CNEx applications (service facilities and personnel): the customer submits with its must-upload documents, the
  // clerk accepts one.
  for (const spec of CNEX_APPLICATIONS) {
    const company = COMPANIES.find((c) => c.key === spec.company)!;
    const customer = tokens[company.account];
    const calls = APP_CALLS.cnex;
    const saved = await api.must(calls.save, customer, {
      cnexType: spec.cnexType,
      applicantName: company.name,
      applicantCreditCode: company.creditCode,
      applicantAddress: company.address,
      contactName: company.contactName,
      contactPhone: company.contactPhone,
      productName: spec.productName,
      applicationType: 'new',
      ...(spec.standards.length && { standards: spec.standards }),
    });
    const id = saved.data.id as string;
    for (const node of (await archiveNodes(customer, calls.functionCode, id)).filter(
      (n) => n.mustUpload === 1,
    )) {
      await api.upload(
        customer,
        { functionCode: calls.functionCode, dataId: id, fileCatalogId: node.id },
        { name: `${node.catalogName.replace(/[\\/]/g, '-')}.png`, bytes: await scannedPage() },
      );
      count('documents');
    }
    await api.must(calls.submit(id), customer, {});
    if (spec.stop === 'accepted') await api.must(FLOW, tokens.shouli, { id, action: 'accept' });
    count(`applications.cnex.${spec.stop}`);
  }

  // --- Invoices issued: finance uploads the invoice into the request's archive and issues it; the last request stays
  // waiting.
  const requests = (
    await api.must(
      '/blade-customer/invoice/selectInvoiceListPage?current=1&size=50&invoiceState=applied',
      tokens.caiwu,
    )
  ).data.records as { id: string; applicationNo: string }[];
  for (const [i, request] of requests
    .sort((a, b) => a.applicationNo.localeCompare(b.applicationNo))
    .slice(0, -1)
    .entries()) {
    const node = (await archiveNodes(tokens.caiwu, 'invoice_application', request.id))[0];
    const fileId = await api.upload(
      tokens.caiwu,
      { functionCode: 'invoice_application', dataId: request.id, fileCatalogId: node.id },
      { name: `电子发票-${request.applicationNo}.png`, bytes: await invoicePage() },
    );
    await api.must('/blade-customer/invoice/updateInvoiceById', tokens.caiwu, {
      id: request.id,
      invoiceNo: `${new Date().getFullYear()}41${String(2_600_000 + i * 137).padStart(14, '0')}`,
      invoiceDate: day(-i),
      fileId,
    });
    count('invoices.issued');
  }
  count('invoices.waiting', requests.length - (counts['invoices.issued'] ?? 0));

  // --- Complaints (the customers file, the quality manager takes them along the case flow) and survey answers.
  const Q = '/blade-customer';
  for (const spec of COMPLAINTS) {
    const company = COMPANIES.find((c) => c.key === spec.company)!;
    const customer = tokens[company.account];
    const application = made.find(
      (m) => m.spec.company === spec.company && m.spec.productName === spec.productName,
    )!;
    const saved = await api.must(`${Q}/complaint/save`, customer, {
      kind: 'complaint',
      subjectType: 'application',
      applicationId: application.id,
      title: spec.title,
      content: spec.content,
    });
    const id = saved.data.id as string;
    const transit = (who: string, action: string, extra: Record<string, unknown> = {}) =>
      api.must(`${Q}/complaint/transit`, tokens[who], { id, action, ...extra });
    await transit('zhiliang', 'acknowledge');
    if (spec.stop === 'closed') {
      const handlers = (await api.must(`${Q}/complaint/selectHandlerList?id=${id}`, tokens.zhiliang))
        .data as { id: string; conflict: boolean }[];
      const handler =
        handlers.find((c) => c.id === userIds.zhiliang && !c.conflict) ?? handlers.find((c) => !c.conflict)!;
      await transit('zhiliang', 'assign', { handlerId: handler.id });
      const handlerAccount = Object.entries(userIds).find(([, uid]) => uid === handler.id)![0];
      await transit(handlerAccount, 'investigate', { text: spec.investigation });
      await transit(handlerAccount, 'respond', { text: spec.response });
      await api.must(`${Q}/complaint/transit`, customer, { id, action: 'confirm', text: spec.feedback });
      await transit('zhiliang', 'close');
    }
    count(`complaints.${spec.stop}`);
  }
  for (const answer of SURVEY_ANSWERS) {
    const company = COMPANIES.find((c) => c.key === answer.company)!;
    const customer = tokens[company.account];
    const surveys = (
      await api.must(
        `${Q}/satisfactionSurvey/selectSatisfactionSurveyList?current=1&size=50&surveyState=sent`,
        customer,
      )
    ).data.records as { id: string }[];
    if (!surveys.length) continue;
    const items = (await api.must(`${Q}/surveyItems/selectSurveyItemsList`, customer)).data as {
      id: string;
    }[];
    const answered = await api.must(`${Q}/satisfactionSurvey/save`, customer, {
      id: surveys[0].id,
      answers: items.map((item, i) => ({ itemId: item.id, score: answer.scores[i] ?? 4 })),
      comment: answer.comment,
    });
    count('surveys.answered');
    // A score of 2 or less: the module opened its follow-up case, waiting for the quality manager.
    if (answered.data.followupId) count('surveys.followups');
  }
  count(
    'surveys.sent',
    (
      await api.must(
        `${Q}/satisfactionSurvey/selectSatisfactionSurveyList?current=1&size=1&surveyState=sent`,
        tokens.zhiliang,
      )
    ).data.total,
  );

  // --- CCC mark sales: the 标志管理员 (the clerk) puts the marks on sale; the customers order with their signed form;
  // the clerk reviews, finance bills the order, the customer pays, the clerk ships and the customer signs for it.
  const goodsIds: Record<string, string> = {};
  for (const goods of CARD_GOODS) {
    await api.must('/blade-customer/cccCardGoods/submit', tokens.shouli, { ...goods, onSale: 1 });
    count('cardGoods');
  }
  for (const g of (
    await api.must('/blade-customer/cccCardGoods/selectCccCardGoodlist?current=1&size=50', tokens.shouli)
  ).data.records as { id: string; sku: string }[])
    goodsIds[g.sku] = g.id;
  const SALE = '/blade-customer/cccCardSale';
  for (const spec of CARD_SALES) {
    const company = COMPANIES.find((c) => c.key === spec.company)!;
    const customer = tokens[company.account];
    const init = (await api.must(`${SALE}/initCccCardSale`, customer, {})).data as {
      certificates: { id: string; productName: string }[];
      shipTo: string;
    };
    const cert = init.certificates.find((c) => c.productName === spec.productName)!;
    const saved = await api.must(`${SALE}/saveCccCardSaleDTO`, customer, {
      certificateIds: [cert.id],
      lines: spec.lines.map((l) => ({ goodsId: goodsIds[l.sku], quantity: l.quantity })),
      shipTo: spec.agent?.shipTo ?? init.shipTo,
    });
    const id = saved.data.id as string;
    const [formNode, ...others] = await archiveNodes(customer, 'ccc_card_sale', id);
    const formFileId = await api.upload(
      customer,
      { functionCode: 'ccc_card_sale', dataId: id, fileCatalogId: formNode.id },
      { name: 'CCC标志购买申请书（盖章）.png', bytes: await scannedPage() },
    );
    count('documents');
    // Through an agent: the company's authorisation letter to the agent goes with the form.
    let authLetterFileId: string | undefined;
    if (spec.agent) {
      const letterNode = others.find((n) => n.catalogName === '授权委托书')!;
      authLetterFileId = await api.upload(
        customer,
        { functionCode: 'ccc_card_sale', dataId: id, fileCatalogId: letterNode.id },
        { name: `授权委托书（${spec.agent.name}）.png`, bytes: await scannedPage() },
      );
      count('documents');
      count('cardSales.throughAgent');
    }
    await api.must(`${SALE}/uploadCccCardSale`, customer, { id, formFileId, authLetterFileId });
    await api.must(`${SALE}/submitCccCardSaleDTO`, customer, { id });
    if (spec.stop !== 'submitted') await api.must(`${SALE}/reviewCccCardSale`, tokens.shouli, { id });
    if (spec.stop === 'received') {
      const note = await api.must(`${NOTE}/issuePaymentNote`, tokens.caiwu, {
        cardSaleId: id,
        dueDate: day(15),
        payeeInfo: `${DEMO_TENANT_NAME} 开户行：中国工商银行南阳分行 账号：1714 0200 0920 0088 888`,
      });
      count('paymentNotes.paid');
      const slipNode = (await archiveNodes(customer, 'payment_note', note.data.id))[0];
      const slip = await api.upload(
        customer,
        { functionCode: 'payment_note', dataId: note.data.id, fileCatalogId: slipNode.id },
        { name: '银行转账回单.png', bytes: await scannedPage() },
      );
      const paid = await api.must(`${NOTE}/savePaymentVoucher`, customer, {
        noteId: note.data.id,
        amount: note.data.totalAmount,
        payDate: day(-1),
        payerName: company.name,
        fileId: slip,
      });
      count('vouchers');
      await api.must(`${NOTE}/confirmPaymentVoucher`, tokens.caiwu, { id: paid.data.vouchers.at(-1).id });
      await api.must(`${SALE}/shipCccCardSale`, tokens.shouli, { id, trackingNo: `SF15${id.slice(-8)}` });
      await api.must(`${SALE}/receiveCccCardSale`, customer, { id });
    }
    count(`cardSales.${spec.stop}`);
  }

  await db
    .insertInto('blade_param')
    .values({
      id: nextId(),
      param_name: '演示机构已生成 / demo institute made',
      param_key: DEMO_COMPLETE_PARAM,
      param_value: new Date().toISOString(),
      remark: 'blade/demo',
    })
    .execute();
  printAccounts(print, accounts, counts);
  return { created: true, accounts, counts };
}

function printAccounts(
  print: (line: string) => void,
  accounts: DemoAccount[],
  counts: Record<string, number>,
) {
  const rule = '='.repeat(78);
  print(rule);
  print(`[demo] 演示机构已创建 / demo institute created: ${DEMO_TENANT_NAME} (Demo Institute)`);
  print(`[demo] 租户ID / tenant id: ${DEMO_TENANT_ID}    密码 / password of every account: ${DEMO_PASSWORD}`);
  print('[demo] 账号 / accounts (shown once; blade/demo/README.md lists them too):');
  for (const a of accounts)
    print(`[demo]   ${a.account.padEnd(10)} ${a.realName.padEnd(4, '　')}  ${a.duty}`);
  print(
    `[demo] 数据 / data: ${Object.entries(counts)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  print(rule);
}
