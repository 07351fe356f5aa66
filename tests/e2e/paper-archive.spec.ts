import { expect, test, type Page } from '@playwright/test';
import { bladeCall, login } from './helpers';
import {
  createCqstApplication,
  createRole,
  flatten,
  registerCompany,
  signedIn,
  staffUser,
  submitCqstApplication,
  type CompanyRegistration,
  type TreeRow,
} from './journey-helpers';

// Borrowing a paper archive through the three roles (issue 17). Fast setup through the API: a company registers and
// submits a 防爆合格证 application (it gets its number); the administrator makes the archivist, team leader and
// engineer roles with their buttons (blade/modules/paper-archive/README.md) and one user each. Then on the screens:
// the archivist submits the application's paper file, the engineer asks to borrow it, the team leader approves, the
// archivist lends it and takes it back (a second lending of a file on loan is the API tests' case).

const CUSTOMER: CompanyRegistration = {
  account: 'pa-e2e-applicant',
  password: 'PaE2e#2026',
  email: 'pa-e2e@wolong-ex.example',
  phone: '13937700011',
  companyName: '南阳卧龙防爆电器有限公司',
  creditCode: '91411300MA4PAE011C',
  address: '河南省南阳市卧龙区',
  contactName: '孙工',
  contactPhone: '037763001234',
};
const PRODUCT = 'pa-e2e-隔爆型控制箱';
const PEOPLE = {
  archivist: { account: 'pa-e2e-archivist', password: 'Archive#pa-2026', name: 'pa-e2e-档案员' },
  leader: { account: 'pa-e2e-leader', password: 'Leader#pa-2026', name: 'pa-e2e-组长' },
  engineer: { account: 'pa-e2e-engineer', password: 'Engineer#pa-2026', name: 'pa-e2e-工程师' },
};
/** Each role's pages and buttons, by their names in the grant tree (档案管理 → page → buttons). */
const GRANTS: Record<keyof typeof PEOPLE, Record<string, string[]>> = {
  archivist: { 纸质档案: ['提交档案', '签章打印'], 档案借阅: ['借出归还'] },
  leader: { 纸质档案: [], 档案借阅: ['审批'] },
  engineer: { 纸质档案: [], 档案借阅: ['借阅申请'] },
};

/** A submitted CQST application (the calls the application screens make): its number. */
async function submittedApplication(customer: Page): Promise<string> {
  const id = await createCqstApplication(customer, CUSTOMER, {
    productName: PRODUCT,
    models: [{ model: 'BXK-8050', spec: '380V', isSampleModel: true }],
    exMarkings: ['Ex db IIB T4 Gb'],
  });
  return submitCqstApplication(customer, id);
}

/** A role with the 档案管理 pages and buttons of its view, and one user in it. */
async function staff(admin: Page, view: keyof typeof PEOPLE) {
  const alias = `pa_e2e_${view}`;
  const roleId = await createRole(admin, { roleName: PEOPLE[view].name, roleAlias: alias, sort: 90 });
  const tree = await bladeCall<{ menu: TreeRow[] }>(admin, 'GET', '/api/blade-system/menu/grant-tree');
  const group = flatten(tree.menu).find((n) => n.title === '档案管理')!;
  const menuIds = [group.id];
  for (const [pageName, buttons] of Object.entries(GRANTS[view])) {
    const pageNode = (group.children ?? []).find((n) => n.title === pageName)!;
    menuIds.push(
      pageNode.id,
      ...(pageNode.children ?? []).filter((b) => buttons.includes(b.title!)).map((b) => b.id),
    );
  }
  await bladeCall(admin, 'POST', '/api/blade-system/role/grant', { roleIds: [roleId], menuIds });
  await staffUser(admin, PEOPLE[view], alias, PEOPLE[view].name);
}

test('a paper archive is submitted, borrowed, approved, lent once and returned through the three roles', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await login(page);
  const customer = await registerCompany(browser, CUSTOMER);
  const applicationNo = await submittedApplication(customer);
  for (const view of ['archivist', 'leader', 'engineer'] as const) await staff(page, view);
  const archivist = await signedIn(browser, PEOPLE.archivist);
  const leader = await signedIn(browser, PEOPLE.leader);
  const engineer = await signedIn(browser, PEOPLE.engineer);

  // The archivist registers the application's paper file.
  await archivist.goto('/documents/paperArchive');
  await archivist.getByRole('button', { name: '提交档案' }).click();
  let dialog = archivist.getByRole('dialog', { name: '提交纸质档案' });
  await dialog.getByLabel('申请编号').fill(applicationNo);
  await dialog.getByLabel('存放位置').fill('档案室A区2排');
  await dialog.getByLabel('页数').fill('86');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const archiveRow = archivist.getByRole('row', { name: new RegExp(PRODUCT) });
  await expect(archiveRow.getByText('在库')).toBeVisible();
  await archivist.screenshot({ path: 'test-results/screens/paper-archive-list.png', fullPage: true });

  // The engineer asks to borrow it; they hold neither the submit nor the approve button.
  await engineer.goto('/documents/paperArchive');
  await expect(engineer.getByRole('button', { name: '提交档案' })).toHaveCount(0);
  await engineer
    .getByRole('row', { name: new RegExp(PRODUCT) })
    .getByRole('button', { name: '借阅' })
    .click();
  dialog = engineer.getByRole('dialog', { name: /借阅纸质档案/ });
  await dialog.getByLabel('借阅目的').fill('复核型式试验原始记录');
  const due = new Date(Date.now() + 7 * 86_400_000);
  const dueDay = `${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`;
  await dialog.getByLabel('归还日期').fill(dueDay);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await engineer.goto('/documents/archiveBorrowing');
  const mine = engineer.getByRole('row', { name: new RegExp(PRODUCT) });
  await expect(mine.getByText('待审批')).toBeVisible();
  await expect(mine.getByRole('button', { name: '审批' })).toHaveCount(0);

  // The team leader: a rejection needs its reason; the request is approved.
  await leader.goto('/documents/archiveBorrowing');
  const request = leader.getByRole('row', { name: new RegExp(PRODUCT) });
  await request.getByRole('button', { name: '审批' }).click();
  dialog = leader.getByRole('dialog', { name: '审批借阅申请' });
  await dialog.getByRole('button', { name: '驳回' }).click();
  await expect(dialog.getByText('必填')).toBeVisible();
  await dialog.getByLabel('审批意见').fill('同意借阅');
  await leader.screenshot({ path: 'test-results/screens/paper-archive-approve.png', fullPage: true });
  await dialog.getByRole('button', { name: '批准' }).click();
  await expect(dialog).toBeHidden();
  await expect(request.getByText('已批准')).toBeVisible();
  await expect(request.getByRole('button', { name: '借出' })).toHaveCount(0);

  // The archivist lends it; the list shows it on loan to the engineer.
  await archivist.goto('/documents/archiveBorrowing');
  const loan = archivist.getByRole('row', { name: new RegExp(PRODUCT) });
  await loan.getByRole('button', { name: '借出' }).click();
  await expect(loan.getByText('借出中')).toBeVisible();
  await archivist.screenshot({ path: 'test-results/screens/paper-archive-borrowing.png', fullPage: true });
  await archivist.goto('/documents/paperArchive');
  await expect(
    archivist.getByRole('row', { name: new RegExp(PRODUCT) }).getByText(/借出（pa-e2e-工程师）/),
  ).toBeVisible();

  // And takes it back with the condition noted.
  await archivist.goto('/documents/archiveBorrowing');
  await loan.getByRole('button', { name: '归还' }).click();
  dialog = archivist.getByRole('dialog', { name: '归还档案' });
  await dialog.getByLabel('归还检查情况').fill('86页齐全，无污损');
  await dialog.getByRole('button', { name: '归还' }).click();
  await expect(dialog).toBeHidden();
  await expect(loan.getByText('已归还')).toBeVisible();
  await archivist.goto('/documents/paperArchive');
  await expect(archivist.getByRole('row', { name: new RegExp(PRODUCT) }).getByText('在库')).toBeVisible();
});
