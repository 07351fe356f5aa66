import { sql } from 'kysely';
import { CARD_SALE_CALLS, cardGoodsResource } from '../../../lib/contracts/card-sale/card-sale';
import { PAYMENT_CALLS } from '../../../lib/contracts/payment/payment';
import { zhText } from '../../core/refusal-keys';
import { nextId } from '../../core/ids';
import { withTenant } from '../../db/tenant';
import { addRole, addTenant, addUser, deptIds, grantMenus, roleIdByAlias } from '../../testing/fixtures';
import { harnessPerFile, SETUP_TIMEOUT, type Harness } from '../../testing/harness';
import { addIssuedCertificate, customerTrio, uploadInto } from '../application/apply.test-helpers';
import { ensureFinanceRole, FINANCE_ROLE } from '../payment/finance-role';

// CCC mark orders through the real calls: the quantity rule (whole sheets or packs), certificates (valid CCC of the
// company, shared applicant/factory/category), the exact total, the signed form before submit, stock never oversold
// by concurrent reviews, the payment note of an order and its payment moving the order to paid, cancel returning
// stock, isolation between companies and tenants, and staff without the button refused.

let h: Harness;
const T = '350001';
const U = '350002';
const tokens: Record<string, string> = {};
const companies: Record<string, string> = {};

async function certificate(
  tenant: string,
  companyId: string,
  over: Partial<{ scheme: string; validTo: string; holder: string; factory: string; category: string }> = {},
): Promise<string> {
  const { id } = await addIssuedCertificate(h.blade.db, tenant, companyId, {
    certificate: {
      scheme: over.scheme ?? 'ccc',
      holder_name: over.holder ?? '甲防爆电器有限公司',
      factory_name: over.factory ?? '甲防爆电器有限公司一厂',
      product_category: over.category ?? '2301',
      issue_date: '2025-01-01',
      valid_to: over.validTo ?? '2029-12-31',
    },
    application: false,
  });
  return id;
}

async function goods(tenant: string, sku: string, stock: number, price = '0.03'): Promise<string> {
  const id = nextId();
  await withTenant(h.blade.db, tenant, (trx) =>
    trx
      .insertInto('business_ccc_card_goods')
      .values({
        id,
        tenant_id: tenant,
        sku,
        size_mm: 8,
        mark_type: 'S',
        pieces_per_sheet: 100,
        pieces_per_pack: 5000,
        unit_price: price,
        stock_qty: stock,
      })
      .execute(),
  );
  return id;
}

const stockOf = (tenant: string, id: string) =>
  withTenant(h.blade.db, tenant, async (trx) =>
    Number(
      (
        await trx
          .selectFrom('business_ccc_card_goods')
          .select('stock_qty')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).stock_qty,
    ),
  );

const countSales = (tenant: string) =>
  withTenant(h.blade.db, tenant, async (trx) =>
    Number(
      (
        await trx
          .selectFrom('business_ccc_card_sale')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

const save = (token: string, body: Record<string, unknown>) => h.call(CARD_SALE_CALLS.save.path, token, body);
const detail = (token: string, id: string) => h.call(`${CARD_SALE_CALLS.detail.path}?id=${id}`, token);

/** The form node (first child of the order's archive root) and a file uploaded into it. */
async function uploadForm(token: string, saleId: string): Promise<string> {
  const q = (parentId = '') =>
    h.call(
      `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode: 'ccc_card_sale', dataId: saleId, ...(parentId && { parentId }) })}`,
      token,
    );
  const roots = await q();
  expect(roots.code).toBe(200);
  const children = await q(roots.data.records[0].id);
  const up = await uploadInto(h, token, {
    functionCode: 'ccc_card_sale',
    dataId: saleId,
    fileCatalogId: children.data.records[0].id,
  });
  expect(up.code).toBe(200);
  return up.data.id;
}

/** A submitted order of company `a` for `quantity` pieces of a good. */
async function submitted(
  goodsId: string,
  quantity: number,
  certId: string,
  token = tokens.a,
): Promise<string> {
  const saved = await save(token, {
    certificateIds: [certId],
    lines: [{ goodsId, quantity }],
    shipTo: '河南省南阳市 张三 0377-12345678',
  });
  expect(saved.code).toBe(200);
  const id = saved.data.id as string;
  const fileId = await uploadForm(token, id);
  expect((await h.call(CARD_SALE_CALLS.upload.path, token, { id, formFileId: fileId })).code).toBe(200);
  const sub = await h.call(CARD_SALE_CALLS.submit.path, token, { id });
  expect(sub.code).toBe(200);
  expect(sub.data.saleState).toBe('submitted');
  return id;
}

const certs: Record<string, string> = {};

harnessPerFile(async (made) => {
  h = made;
  const db = h.blade.db;
  await addTenant(db, { tenantId: T, tenantName: '认证机构', adminPassword: 't-admin-pass' });
  await addTenant(db, { tenantId: U, tenantName: '另一机构', adminPassword: 'u-admin-pass' });
  for (const tenant of [T, U]) await withTenant(db, tenant, (trx) => ensureFinanceRole(trx, tenant, null));
  const [dept] = await deptIds(db, T);
  const seller = await addRole(db, T, { name: '标志管理', alias: 'card_seller' });
  await grantMenus(db, T, seller, [
    'business_management',
    'card_sale',
    'card_sale_review',
    'card_sale_reject',
    'card_sale_ship',
    'card_goods',
    'card_goods_add',
    'card_goods_edit',
  ]);
  await addUser(db, T, { account: 'seller', password: 'staff-pass', roleIds: [seller], deptIds: [dept] });
  const viewer = await addRole(db, T, { name: '标志查看', alias: 'card_viewer' });
  await grantMenus(db, T, viewer, ['business_management', 'card_sale']);
  await addUser(db, T, { account: 'viewer', password: 'staff-pass', roleIds: [viewer], deptIds: [dept] });
  await addUser(db, T, {
    account: 'finance',
    password: 'staff-pass',
    roleIds: [await roleIdByAlias(db, T, FINANCE_ROLE.alias)],
    deptIds: [dept],
  });
  for (const account of ['seller', 'viewer', 'finance'])
    tokens[account] = (await h.login(account, 'staff-pass', T)).access_token;
  const [uDept] = await deptIds(db, U);
  const uSeller = await addRole(db, U, { name: '标志管理', alias: 'card_seller' });
  await grantMenus(db, U, uSeller, ['business_management', 'card_sale', 'card_sale_review']);
  await addUser(db, U, { account: 'useller', password: 'staff-pass', roleIds: [uSeller], deptIds: [uDept] });
  tokens.uSeller = (await h.login('useller', 'staff-pass', U)).access_token;

  // The customer role holds 标志购买 and 我的缴费通知单 (CUSTOMER_MENU_CODES); one made before gets them here.
  const trio = await customerTrio(h, T, U, 'card', ['my_card_sale', 'my_payment_note']);
  for (const [key, c] of Object.entries(trio)) ({ token: tokens[key], companyId: companies[key] } = c);
  certs.a = await certificate(T, companies.a);
  certs.a2 = await certificate(T, companies.a);
  certs.aOtherFactory = await certificate(T, companies.a, { factory: '甲防爆电器有限公司二厂' });
  certs.aExpired = await certificate(T, companies.a, { validTo: '2020-01-01' });
  certs.aCqst = await certificate(T, companies.a, { scheme: 'cqst' });
  certs.b = await certificate(T, companies.b, { holder: '乙防爆电器有限公司' });
  certs.u = await certificate(U, companies.u, { holder: '丙防爆电器有限公司' });
}, SETUP_TIMEOUT * 2);

describe('goods', () => {
  it('staff maintain goods with the page buttons; customers see the goods on sale only', async () => {
    const add = await h.call(cardGoodsResource.calls.submit.path, tokens.seller, {
      sku: 'CCC-S-15',
      sizeMm: 15,
      markType: 'S',
      piecesPerSheet: 50,
      piecesPerPack: 2500,
      unitPrice: '0.08',
      stockQty: 10000,
      onSale: 1,
    });
    expect(add.code).toBe(200);
    const loose = await h.call(cardGoodsResource.calls.submit.path, tokens.seller, {
      sku: 'CCC-S-30',
      sizeMm: 30,
      markType: 'S',
      piecesPerSheet: 30,
      piecesPerPack: 1000,
      unitPrice: '0.20',
    });
    expect(loose).toMatchObject({ code: 400, msg: zhText('cardSale.goods.packOfSheets') });
    const negative = await h.call(cardGoodsResource.calls.submit.path, tokens.seller, {
      sku: 'CCC-S-45',
      sizeMm: 45,
      markType: 'S',
      piecesPerSheet: 20,
      piecesPerPack: 1000,
      unitPrice: '0.30',
      stockQty: -1,
    });
    expect(negative).toMatchObject({ code: 400, msg: zhText('cardSale.goods.stockNegative') });
    await goods(T, 'CCC-OFF', 100);
    await withTenant(h.blade.db, T, (trx) =>
      trx.updateTable('business_ccc_card_goods').set({ on_sale: 0 }).where('sku', '=', 'CCC-OFF').execute(),
    );
    const list = await h.call(CARD_SALE_CALLS.goodsList.path, tokens.a);
    expect(list.code).toBe(200);
    const skus = list.data.records.map((g: { sku: string }) => g.sku);
    expect(skus).toContain('CCC-S-15');
    expect(skus).not.toContain('CCC-OFF');
    // The viewer holds the orders page, not the goods buttons.
    expect(
      (
        await h.call(cardGoodsResource.calls.submit.path, tokens.viewer, {
          sku: 'X',
          sizeMm: 8,
          markType: 'S',
          piecesPerSheet: 100,
          piecesPerPack: 5000,
          unitPrice: '0.03',
        })
      ).status,
    ).toBe(403);
  });
});

describe('saving an order', () => {
  it('offers the valid CCC certificates and the goods on init', async () => {
    await goods(T, 'CCC-S-8-INIT', 5000);
    const init = await h.call(CARD_SALE_CALLS.init.path, tokens.a, {});
    expect(init.code).toBe(200);
    const ids = init.data.certificates.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([certs.a, certs.a2, certs.aOtherFactory]));
    expect(ids).not.toContain(certs.aExpired);
    expect(ids).not.toContain(certs.aCqst);
    expect(ids).not.toContain(certs.b);
    expect(init.data.goods.map((g: { sku: string }) => g.sku)).toContain('CCC-S-8-INIT');
  });

  it('prices whole sheets and packs exactly (8 mm at ¥0.03: 1 sheet + 1 pack)', async () => {
    const g = await goods(T, 'CCC-S-8-A', 100000);
    const res = await save(tokens.a, {
      certificateIds: [certs.a, certs.a2],
      lines: [{ goodsId: g, quantity: 5100 }],
      totalAmount: '153.00',
      shipTo: '河南省南阳市',
    });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ saleState: 'draft', totalAmount: '153.00', companyId: companies.a });
    expect(res.data.orderNo).toMatch(/^BZ\d{4}\d{6}$/);
    expect(res.data.lines).toMatchObject([{ quantity: 5100, unitPrice: '0.03', amount: '153.00' }]);
    const again = await save(tokens.a, {
      id: res.data.id,
      certificateIds: [certs.a],
      lines: [{ goodsId: g, quantity: 300 }],
      totalAmount: 9,
    });
    expect(again.data).toMatchObject({ id: res.data.id, totalAmount: '9.00', certificateIds: [certs.a] });
  });

  it('refuses loose pieces naming the good and its sizes, writing nothing', async () => {
    const g = await goods(T, 'CCC-S-8-L', 100000);
    const before = await countSales(T);
    const res = await save(tokens.a, { certificateIds: [certs.a], lines: [{ goodsId: g, quantity: 150 }] });
    expect(res).toMatchObject({
      code: 400,
      msg: zhText('cardSale.error.looseQuantity', {
        sku: 'CCC-S-8-L',
        quantity: 150,
        sheet: 100,
        pack: 5000,
      }),
    });
    expect(res.msg).toContain('CCC-S-8-L');
    expect(await countSales(T)).toBe(before);
  });

  it('refuses a total that is not the sum of the lines, writing nothing', async () => {
    const g = await goods(T, 'CCC-S-8-T', 100000);
    const before = await countSales(T);
    const res = await save(tokens.a, {
      certificateIds: [certs.a],
      lines: [{ goodsId: g, quantity: 100 }],
      totalAmount: '3.01',
    });
    expect(res).toMatchObject({
      code: 400,
      msg: zhText('cardSale.error.totalMismatch', { sent: '3.01', sum: '3.00' }),
    });
    expect(await countSales(T)).toBe(before);
  });

  it('refuses expired, superseded, non-CCC, other companies’ and other tenants’ certificates, and unshared ones', async () => {
    const g = await goods(T, 'CCC-S-8-C', 100000);
    const line = [{ goodsId: g, quantity: 100 }];
    // A version a change's reissue replaced (modules/cert-change): only the current version of a number is usable.
    const superseded = await certificate(T, companies.a);
    await withTenant(h.blade.db, T, (trx) =>
      trx
        .updateTable('business_certificate')
        .set({ superseded_by: certs.a, superseded_at: new Date() })
        .where('id', '=', superseded)
        .execute(),
    );
    const init = await h.call(CARD_SALE_CALLS.init.path, tokens.a, {});
    expect(init.data.certificates.map((c: { id: string }) => c.id)).not.toContain(superseded);
    const before = await countSales(T);
    for (const id of [certs.aExpired, superseded, certs.aCqst, certs.b, certs.u]) {
      const res = await save(tokens.a, { certificateIds: [id], lines: line });
      expect(res).toMatchObject({ code: 400, msg: zhText('cardSale.error.certificateInvalid') });
    }
    const mixed = await save(tokens.a, { certificateIds: [certs.a, certs.aOtherFactory], lines: line });
    expect(mixed).toMatchObject({ code: 400, msg: zhText('cardSale.error.certificatesNotShared') });
    expect(await countSales(T)).toBe(before);
  });

  it('refuses a submit while the signed form is missing', async () => {
    const g = await goods(T, 'CCC-S-8-F', 100000);
    const saved = await save(tokens.a, {
      certificateIds: [certs.a],
      lines: [{ goodsId: g, quantity: 100 }],
      shipTo: '南阳',
    });
    const res = await h.call(CARD_SALE_CALLS.submit.path, tokens.a, { id: saved.data.id });
    expect(res).toMatchObject({ code: 400, msg: zhText('cardSale.error.formMissing') });
    expect((await detail(tokens.a, saved.data.id)).data.saleState).toBe('draft');
  });
});

describe('review and stock', () => {
  it('never oversells under 20 concurrent reviews: exactly the possible number succeed', async () => {
    const g = await goods(T, 'CCC-S-8-RACE', 7 * 5000);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(await submitted(g, 5000, certs.a));
    const results = await Promise.all(
      ids.map((id) => h.call(CARD_SALE_CALLS.review.path, tokens.seller, { id })),
    );
    const okCount = results.filter((r) => r.code === 200).length;
    expect(okCount).toBe(7);
    for (const r of results.filter((x) => x.code !== 200))
      expect(r).toMatchObject({ code: 400, msg: expect.stringContaining('CCC-S-8-RACE') });
    expect(await stockOf(T, g)).toBe(0);
    // A refused review leaves the order submitted; a reject of a reviewed one returns its stock.
    const reviewed = ids.filter((_, i) => results[i].code === 200);
    const rej = await h.call(CARD_SALE_CALLS.reject.path, tokens.seller, {
      id: reviewed[0],
      reason: '资料不全',
    });
    expect(rej.data).toMatchObject({ saleState: 'rejected', rejectReason: '资料不全' });
    expect(await stockOf(T, g)).toBe(5000);
    const cancel = await h.call(CARD_SALE_CALLS.cancel.path, tokens.a, { id: reviewed[1] });
    expect(cancel.data.saleState).toBe('cancelled');
    expect(await stockOf(T, g)).toBe(10000);
    const history = await withTenant(h.blade.db, T, (trx) =>
      trx
        .selectFrom('blade_status_history')
        .select(['action', 'from_value', 'to_value', 'comment'])
        .where('record_id', '=', reviewed[0])
        .orderBy('id')
        .execute(),
    );
    expect(history.map((r) => [r.action, r.from_value, r.to_value])).toEqual([
      ['submit', 'draft', 'submitted'],
      ['review', 'submitted', 'reviewed'],
      ['reject', 'reviewed', 'rejected'],
    ]);
  });

  it('refuses the staff transitions without the button (403) and for customers', async () => {
    const g = await goods(T, 'CCC-S-8-403', 100000);
    const id = await submitted(g, 100, certs.a);
    expect((await h.call(CARD_SALE_CALLS.review.path, tokens.viewer, { id })).status).toBe(403);
    expect((await h.call(CARD_SALE_CALLS.review.path, tokens.a, { id })).status).toBe(403);
    expect((await h.call(CARD_SALE_CALLS.ship.path, tokens.viewer, { id, trackingNo: 'SF1' })).status).toBe(
      403,
    );
    expect((await detail(tokens.a, id)).data.saleState).toBe('submitted');
  });
});

describe('payment', () => {
  it('issues a note from the order, and its payment makes the order paid; then ship and receive', async () => {
    const g = await goods(T, 'CCC-S-8-PAY', 100000);
    const id = await submitted(g, 5100, certs.a);
    expect((await h.call(CARD_SALE_CALLS.review.path, tokens.seller, { id })).code).toBe(200);
    const wrong = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, {
      cardSaleId: id,
      totalAmount: '1.00',
    });
    expect(wrong).toMatchObject({ code: 400, msg: zhText('payment.error.totalMismatch', { sum: '153.00' }) });
    const note = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, { cardSaleId: id });
    expect(note.code).toBe(200);
    expect(note.data).toMatchObject({
      subjectKind: 'card_sale',
      cardSaleId: id,
      applicationId: '',
      totalAmount: '153.00',
      companyId: companies.a,
    });
    expect(note.data.lines).toHaveLength(1);
    expect(note.data.lines[0].amount).toBe('153.00');
    const awaiting = await detail(tokens.a, id);
    expect(awaiting.data).toMatchObject({
      saleState: 'awaiting_payment',
      paymentNoteId: note.data.id,
      paymentNoteNo: note.data.noteNo,
    });
    // The customer sees the note; pays in two vouchers; only the last confirmation makes the order paid.
    expect((await h.call(`${PAYMENT_CALLS.detail.path}?id=${note.data.id}`, tokens.a)).data.orderNo).toBe(
      awaiting.data.orderNo,
    );
    const vouchers: string[] = [];
    for (const amount of ['100.00', '53.00']) {
      const q = (parentId = '') =>
        h.call(
          `/blade-resource/fileCatalog/selectFileList?${new URLSearchParams({ functionCode: 'payment_note', dataId: note.data.id, ...(parentId && { parentId }) })}`,
          tokens.a,
        );
      const roots = await q();
      const node = (await q(roots.data.records[0].id)).data.records[0].id;
      const up = await uploadInto(h, tokens.a, {
        functionCode: 'payment_note',
        dataId: note.data.id,
        fileCatalogId: node,
      });
      const v = await h.call(PAYMENT_CALLS.saveVoucher.path, tokens.a, {
        noteId: note.data.id,
        amount,
        payDate: '2026-11-20',
        payerName: '甲防爆电器有限公司',
        fileId: up.data.id,
      });
      expect(v.code).toBe(200);
      vouchers.push(v.data.vouchers.at(-1).id);
    }
    expect((await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, { id: vouchers[0] })).code).toBe(
      200,
    );
    expect((await detail(tokens.a, id)).data.saleState).toBe('awaiting_payment');
    expect((await h.call(CARD_SALE_CALLS.ship.path, tokens.seller, { id, trackingNo: 'SF1' })).code).toBe(
      400,
    );
    const paid = await h.call(PAYMENT_CALLS.confirmVoucher.path, tokens.finance, { id: vouchers[1] });
    expect(paid.data.noteState).toBe('paid');
    expect((await detail(tokens.a, id)).data.saleState).toBe('paid');
    const shipped = await h.call(CARD_SALE_CALLS.ship.path, tokens.seller, {
      id,
      trackingNo: 'SF1234567890',
    });
    expect(shipped.data).toMatchObject({ saleState: 'shipped', trackingNo: 'SF1234567890' });
    expect((await h.call(CARD_SALE_CALLS.receive.path, tokens.a, { id })).data.saleState).toBe('received');
    expect(await stockOf(T, g)).toBe(100000 - 5100);
  });

  it('refuses a note for an order not yet reviewed; a cancelled note puts the order back to reviewed', async () => {
    const g = await goods(T, 'CCC-S-8-NOTE', 100000);
    const id = await submitted(g, 100, certs.a);
    const early = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, { cardSaleId: id });
    expect(early.code).toBe(400);
    await h.call(CARD_SALE_CALLS.review.path, tokens.seller, { id });
    const note = await h.call(PAYMENT_CALLS.issue.path, tokens.finance, { cardSaleId: id });
    expect((await h.call(PAYMENT_CALLS.cancel.path, tokens.finance, { id: note.data.id })).code).toBe(200);
    expect((await detail(tokens.a, id)).data).toMatchObject({ saleState: 'reviewed', paymentNoteId: '' });
  });
});

describe('isolation', () => {
  it('company B and tenant U never see company A’s orders', async () => {
    const g = await goods(T, 'CCC-S-8-ISO', 100000);
    const saved = await save(tokens.a, { certificateIds: [certs.a], lines: [{ goodsId: g, quantity: 100 }] });
    const id = saved.data.id as string;
    expect((await detail(tokens.b, id)).status).toBe(404);
    expect((await detail(tokens.u, id)).status).toBe(404);
    expect((await detail(tokens.uSeller, id)).status).toBe(404);
    expect((await save(tokens.b, { id, certificateIds: [], lines: [] })).status).toBe(404);
    expect((await h.call(CARD_SALE_CALLS.submit.path, tokens.b, { id })).status).toBe(404);
    expect((await h.call(CARD_SALE_CALLS.review.path, tokens.uSeller, { id })).status).toBe(404);
    const pageB = await h.call(`${CARD_SALE_CALLS.page.path}?current=1&size=100`, tokens.b);
    expect(pageB.data.records).toEqual([]);
    const pageU = await h.call(`${CARD_SALE_CALLS.page.path}?current=1&size=100`, tokens.uSeller);
    expect(pageU.data.records).toEqual([]);
    const pageA = await h.call(`${CARD_SALE_CALLS.page.path}?current=1&size=100`, tokens.a);
    expect(pageA.data.records.map((r: { id: string }) => r.id)).toContain(id);
    expect(pageA.data.records.every((r: { companyId: string }) => r.companyId === companies.a)).toBe(true);
    const staff = await h.call(`${CARD_SALE_CALLS.page.path}?current=1&size=2`, tokens.viewer);
    expect(staff.data.total).toBeGreaterThan(2);
    expect(staff.data.records).toHaveLength(2);
    // Tenant U's customer sees none of tenant T's goods.
    const uGoods = await h.call(CARD_SALE_CALLS.goodsList.path, tokens.u);
    expect(uGoods.data.records).toEqual([]);
  });
});
