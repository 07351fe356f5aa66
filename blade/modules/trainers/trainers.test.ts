import { describe, expect, it } from '@jest/globals';
import { nextId } from '../../core/ids';
import { withTenant, type Db } from '../../db/tenant';
import { addRole, addTenant, addUser, deptIds, grantMenus } from '../../testing/fixtures';
import { harnessPerFile, PLATFORM, type Harness } from '../../testing/harness';
import { form, pngBytes } from '../files/files.test-helpers';

// The CNEx trainers calls against a real database: a customer of company A edits the persons of its CNEx personnel
// record; company B, another tenant and staff see what the rules let them see.

const TENANT_B = '200001';
// Valid GB 11643 numbers (check digit computed by hand: 11010519491231002X is the standard's own example).
const ID_WOMAN = '11010519491231002X';
const ID_MAN = '110101199003070011';
const ID_BAD_CHECK = '110101199003070012';

let h: Harness;
let custA: string;
let custB: string;
let staff: string;
let custOtherTenant: string;
let cnexA: string;
let cnexB: string;
let cnexOtherTenant: string;
let catalogId: string;

/** The application menus are seeded by another module; a database without them gets them here. */
async function ensureMenus(db: Db, codes: readonly string[]) {
  for (const code of codes) {
    const found = await db.selectFrom('blade_menu').select('id').where('code', '=', code).executeTakeFirst();
    if (!found)
      await db
        .insertInto('blade_menu')
        .values({ id: nextId(), code, name: code, category: code === 'cnex_business' ? 1 : 2, action: 1 })
        .execute();
  }
}

async function customer(db: Db, tenantId: string, roleId: string, account: string, dept: string) {
  const userId = await addUser(db, tenantId, {
    account,
    password: `${account}-pass`,
    roleIds: [roleId],
    deptIds: [dept],
  });
  const companyId = nextId();
  await withTenant(db, tenantId, (trx) =>
    trx.updateTable('blade_user').set({ company_id: companyId }).where('id', '=', userId).execute(),
  );
  return companyId;
}

async function addCnex(db: Db, tenantId: string, companyId: string, flowState = 'draft'): Promise<string> {
  const id = nextId();
  await withTenant(db, tenantId, (trx) =>
    trx
      .insertInto('business_application')
      .values({
        id,
        tenant_id: tenantId,
        scheme: 'cnex',
        cnex_type: 'person',
        company_id: companyId,
        flow_state: flowState,
      })
      .execute(),
  );
  return id;
}

async function setState(cnexId: string, flowState: string) {
  await withTenant(h.blade.db, PLATFORM, (trx) =>
    trx.updateTable('business_application').set({ flow_state: flowState }).where('id', '=', cnexId).execute(),
  );
}

/** Uploads a scan into the record's archive as its company's user does (the documents stay the customer's to change). */
async function upload(cnexId: string, name = 'scan.png', token = custA): Promise<string> {
  const res = await h.authed('/blade-resource/file/uploadFile', {
    method: 'POST',
    token,
    body: form(
      { functionCode: 'cnex_application', dataId: cnexId, fileCatalogId: catalogId },
      { name, bytes: pngBytes(256) },
    ),
  } as RequestInit & { token: string });
  const body = (await res.json()) as { code: number; msg: string; data: { id: string } };
  if (body.code !== 200) throw new Error(`upload: ${body.msg}`);
  return body.data.id;
}

const person = (overrides: Record<string, unknown> = {}) => ({
  name: '张三',
  idCardNo: ID_MAN,
  education: '本科',
  employer: '某防爆设备公司',
  units: ['Ex000', 'Ex001', 'Ex003'],
  experienceYears: 5,
  phone: '13800138000',
  ...overrides,
});

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await ensureMenus(db, ['application_apply', 'cnex_business']);
  const depts = await deptIds(db, PLATFORM);

  const applyRole = await addRole(db, PLATFORM, { name: '申请企业', alias: 'trainer_customer' });
  await grantMenus(db, PLATFORM, applyRole, ['application_apply']);
  const companyA = await customer(db, PLATFORM, applyRole, 'cust_a', depts[0]);
  const companyB = await customer(db, PLATFORM, applyRole, 'cust_b', depts[0]);
  custA = (await h.login('cust_a', 'cust_a-pass')).access_token;
  custB = (await h.login('cust_b', 'cust_b-pass')).access_token;

  const staffRole = await addRole(db, PLATFORM, { name: 'CNEx业务', alias: 'trainer_staff' });
  await grantMenus(db, PLATFORM, staffRole, ['cnex_business']);
  await addUser(db, PLATFORM, {
    account: 'cnex_staff',
    password: 'cnex_staff-pass',
    roleIds: [staffRole],
    deptIds: [depts[0]],
  });
  staff = (await h.login('cnex_staff', 'cnex_staff-pass')).access_token;

  const b = await addTenant(db, { tenantId: TENANT_B, tenantName: '乙租户', adminPassword: 'B-admin#2026' });
  const bRole = await addRole(db, TENANT_B, { name: '申请企业', alias: 'trainer_customer' });
  await grantMenus(db, TENANT_B, bRole, ['application_apply']);
  const companyOther = await customer(db, TENANT_B, bRole, 'cust_t', b.deptId);
  custOtherTenant = (await h.login('cust_t', 'cust_t-pass', TENANT_B)).access_token;

  cnexA = await addCnex(db, PLATFORM, companyA);
  cnexB = await addCnex(db, PLATFORM, companyB);
  cnexOtherTenant = await addCnex(db, TENANT_B, companyOther);

  // The persons' node of the CNEx document tree every tenant is seeded with (blade/modules/application/documents.ts).
  catalogId = await withTenant(
    db,
    PLATFORM,
    async (trx) =>
      (
        await trx
          .selectFrom('blade_file_catalog')
          .select('id')
          .where('tenant_id', '=', PLATFORM)
          .where('catalog_code', '=', 'cnex_person_register')
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).id,
  );
});

describe('trainers of a CNEx record', () => {
  let zhang: string;
  let li: string;

  it('adds persons and lists them', async () => {
    const added = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person(),
    });
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({
      cnexId: cnexA,
      name: '张三',
      idCardNo: ID_MAN,
      gender: 'M',
      units: 'Ex000,Ex001,Ex003',
      experienceYears: 5,
      trainerState: 'draft',
      registerFormScanId: '',
    });
    zhang = added.data.id;
    const second = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person({ name: '李四', idCardNo: ID_WOMAN.toLowerCase(), units: 'Ex002,Ex000' }),
    });
    expect(second.code).toBe(200);
    expect(second.data).toMatchObject({ idCardNo: ID_WOMAN, gender: 'F', units: 'Ex000,Ex002' });
    li = second.data.id;

    const list = await h.call(`/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexA}`, custA);
    expect(list.code).toBe(200);
    expect(list.data.map((p: { name: string }) => p.name)).toEqual(['张三', '李四']);
  });

  it('refuses a bad id card number, a gender against it, unknown units and a repeated person with 400', async () => {
    const bad = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person({ idCardNo: ID_BAD_CHECK }),
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('身份证号不正确（18位，末位校验码须符合GB 11643）');
    const short = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person({ idCardNo: '11010119900307001' }),
    });
    expect(short.status).toBe(400);
    const gender = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person({ idCardNo: ID_WOMAN, gender: 'M' }),
    });
    expect(gender.msg).toBe('性别与身份证号不一致');
    const unit = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person({ idCardNo: '110101199003070038', units: 'Ex012' }),
    });
    expect(unit).toMatchObject({ status: 400, msg: '未知的单元：Ex012' });
    const twice = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person(),
    });
    expect(twice).toMatchObject({ status: 400, msg: '该身份证号的人员已在本申请中' });
  });

  it('updates a draft person', async () => {
    const updated = await h.call('/blade-customer/trainers/updateTrainersById', custA, {
      id: zhang,
      ...person({ experienceYears: 8, units: 'Ex004' }),
    });
    expect(updated.code).toBe(200);
    expect(updated.data).toMatchObject({ experienceYears: 8, units: 'Ex004' });
    const bad = await h.call('/blade-customer/trainers/updateTrainersById', custA, {
      id: zhang,
      ...person({ idCardNo: ID_BAD_CHECK }),
    });
    expect(bad.status).toBe(400);
  });

  it('answers 404 to another company and another tenant, and lets staff read only', async () => {
    for (const [token, path] of [
      [custB, `/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexA}`],
      [custOtherTenant, `/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexA}`],
      [custB, `/blade-customer/trainers/selectCnexPersonRegisterFileListByCnexId?cnexId=${cnexA}`],
      [custA, `/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexOtherTenant}`],
      [custA, `/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexB}`],
    ] as const)
      expect((await h.call(path, token)).status).toBe(404);
    const add = await h.call('/blade-customer/trainers/saveTrainers', custB, { cnexId: cnexA, ...person() });
    expect(add.status).toBe(404);
    const edit = await h.call('/blade-customer/trainers/updateTrainersById', custB, {
      id: zhang,
      ...person(),
    });
    expect(edit.status).toBe(404);
    const editOther = await h.call('/blade-customer/trainers/updateTrainersById', custOtherTenant, {
      id: zhang,
      ...person(),
    });
    expect(editOther.status).toBe(404);
    const submit = await h.call('/blade-customer/trainers/submitTrainers', custB, { cnexId: cnexA });
    expect(submit.status).toBe(404);

    // Staff see a record once it is submitted, and cannot write (no apply code).
    const draft = await h.call(`/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexA}`, staff);
    expect(draft.status).toBe(404);
    await setState(cnexA, 'submitted');
    const seen = await h.call(`/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexA}`, staff);
    expect(seen.code).toBe(200);
    expect(seen.data).toHaveLength(2);
    const write = await h.call('/blade-customer/trainers/updateTrainersById', staff, {
      id: zhang,
      ...person(),
    });
    expect(write.status).toBe(403);
    await setState(cnexA, 'draft');
  });

  it('links only files uploaded into the record', async () => {
    const ofB = await upload(cnexB, 'scan.png', custB);
    const foreign = await h.call('/blade-customer/trainers/updateRegisterFormScanId', custA, {
      id: zhang,
      fileId: ofB,
    });
    expect(foreign).toMatchObject({ status: 400, msg: '文件不存在或不属于本申请' });
    const unknown = await h.call('/blade-customer/trainers/updateRegisterFormScanId', custA, {
      id: zhang,
      fileId: 'f'.repeat(32),
    });
    expect(unknown.status).toBe(400);
    const malformed = await h.call('/blade-customer/trainers/updateRegisterFormScanId', custA, {
      id: zhang,
      fileId: '../x',
    });
    expect(malformed.status).toBe(400);

    const scan = await upload(cnexA, '张三注册表.png');
    const linked = await h.call('/blade-customer/trainers/updateRegisterFormScanId', custA, {
      id: zhang,
      fileId: scan,
    });
    expect(linked.code).toBe(200);
    expect(linked.data).toMatchObject({ registerFormScanId: scan, registerFormScanName: '张三注册表.png' });
    const again = await h.call('/blade-customer/trainers/insertCnexpersonRegisterFile', custA, {
      cnexId: cnexA,
      trainerId: zhang,
      fileId: scan,
    });
    expect(again).toMatchObject({ status: 400, msg: '人员“张三”已有注册表扫描件，请使用更新' });

    const student = await upload(cnexA, 'students.png');
    const st = await h.call('/blade-customer/trainers/insertCnexTrainStudentFile', custA, {
      id: zhang,
      fileId: student,
    });
    expect(st.data).toMatchObject({ trainStudentFileId: student, trainStudentFileName: 'students.png' });

    const files = await h.call(
      `/blade-customer/trainers/selectCnexPersonRegisterFileListByCnexId?cnexId=${cnexA}`,
      custA,
    );
    expect(files.data).toEqual([
      expect.objectContaining({ trainerId: zhang, kind: 'registerForm', fileId: scan }),
      expect.objectContaining({ trainerId: zhang, kind: 'trainStudent', fileId: student }),
    ]);
  });

  it('refuses submitting while a person lacks the register-form scan, naming the person', async () => {
    const refused = await h.call('/blade-customer/trainers/submitTrainers', custA, { cnexId: cnexA });
    expect(refused).toMatchObject({ status: 400, msg: '以下人员缺少注册表扫描件：李四' });
    const list = await h.call(`/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexA}`, custA);
    expect(list.data.every((p: { trainerState: string }) => p.trainerState === 'draft')).toBe(true);
  });

  it('submits the draft persons together and refuses edits afterwards', async () => {
    const scan = await upload(cnexA, '李四注册表.png');
    const inserted = await h.call('/blade-customer/trainers/insertCnexpersonRegisterFile', custA, {
      cnexId: cnexA,
      trainerId: li,
      fileId: scan,
    });
    expect(inserted.code).toBe(200);
    const submitted = await h.call('/blade-customer/trainers/submitTrainers', custA, { cnexId: cnexA });
    expect(submitted.code).toBe(200);
    expect(submitted.data.count).toBe(2);
    expect(submitted.data.records.map((p: { trainerState: string }) => p.trainerState)).toEqual([
      'submitted',
      'submitted',
    ]);
    expect(submitted.data.records[0].submittedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const history = await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['record_id', 'to_value'])
        .where('resource', '=', 'business_cnex_trainer')
        .execute(),
    );
    expect(history.map((r) => r.record_id).sort()).toEqual([zhang, li].sort());

    const edit = await h.call('/blade-customer/trainers/updateTrainersById', custA, {
      id: zhang,
      ...person(),
    });
    expect(edit).toMatchObject({ status: 400, msg: '人员“张三”已提交，不可修改' });
    const relink = await h.call('/blade-customer/trainers/updateRegisterFormScanId', custA, {
      id: li,
      fileId: scan,
    });
    expect(relink.status).toBe(400);
    const nothing = await h.call('/blade-customer/trainers/submitTrainers', custA, { cnexId: cnexA });
    expect(nothing).toMatchObject({ status: 400, msg: '没有待提交的人员' });

    // A new person may still be added while the record is a draft; none once the record is submitted.
    await setState(cnexA, 'submitted');
    const late = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person({ name: '王五', idCardNo: '110101199003070038' }),
    });
    expect(late).toMatchObject({ status: 400, msg: '申请已提交，人员信息不可修改' });

    // Returned to the customer: new persons may be added, the submitted ones stay as they were.
    await setState(cnexA, 'returned');
    const afterReturn = await h.call('/blade-customer/trainers/saveTrainers', custA, {
      cnexId: cnexA,
      ...person({ name: '王五', idCardNo: '110101199003070038' }),
    });
    expect(afterReturn.code).toBe(200);
    const stillLocked = await h.call('/blade-customer/trainers/updateTrainersById', custA, {
      id: li,
      ...person({ name: '李四', idCardNo: ID_WOMAN }),
    });
    expect(stillLocked.status).toBe(400);
  });

  it('answers 404 for a CNEx record without persons (scene inspection) and for a deleted one', async () => {
    const scene = nextId();
    const deleted = nextId();
    const companyA = (
      await h.call(`/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexA}`, custA)
    ).data[0].companyId as string;
    await withTenant(h.blade.db, PLATFORM, (trx) =>
      trx
        .insertInto('business_application')
        .values([
          { id: scene, tenant_id: PLATFORM, scheme: 'cnex', cnex_type: 'scene', company_id: companyA },
          {
            id: deleted,
            tenant_id: PLATFORM,
            scheme: 'cnex',
            cnex_type: 'person',
            company_id: companyA,
            is_deleted: 1,
          },
        ])
        .execute(),
    );
    for (const id of [scene, deleted]) {
      const res = await h.call('/blade-customer/trainers/saveTrainers', custA, { cnexId: id, ...person() });
      expect(res.status).toBe(404);
    }
  });

  it('answers 400 for a malformed cnexId and 403 without the codes', async () => {
    const bad = await h.call('/blade-customer/trainers/selectTrainersListByCnexId?cnexId=abc', custA);
    expect(bad.status).toBe(400);
    const noCodes = await addRole(h.blade.db, PLATFORM, { name: '无权限', alias: 'trainer_none' });
    await addUser(h.blade.db, PLATFORM, {
      account: 'no_codes',
      password: 'no_codes-pass',
      roleIds: [noCodes],
      deptIds: [(await deptIds(h.blade.db, PLATFORM))[0]],
    });
    const token = (await h.login('no_codes', 'no_codes-pass')).access_token;
    const res = await h.call(`/blade-customer/trainers/selectTrainersListByCnexId?cnexId=${cnexA}`, token);
    expect(res.status).toBe(403);
  });
});
