import { expect, test, type Page } from '@playwright/test';
import { shot } from './files-helpers';
import { bladeCall, login } from './helpers';

// The laboratory end to end (issue 17): an instrument with a valid measurement certificate is booked in the week
// calendar of 设备使用预约; a second booking of the same hour is refused by the database's no-overlap constraint and
// the refusal stays in the dialog. The alert pages (证书到期提醒, 节点进度提醒) open and an expiry configuration is
// added on the screen. Asset numbers start with LAB-E2E- (the suite shares one portal).

const B = '/api/blade-combusiness';

const dayText = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const daysFromNow = (days: number) => dayText(new Date(Date.now() + days * 86_400_000));

/** Next week's Monday: always bookable (never past), whatever today is. */
function nextMonday(): string {
  const d = new Date();
  d.setDate(d.getDate() + ((8 - d.getDay()) % 7 || 7));
  return dayText(d);
}

async function greenInstrument(page: Page, assetNo: string, name: string) {
  await bladeCall(page, 'POST', `${B}/equipment/save`, {
    assetNo,
    name,
    model: 'ZC-7',
    location: '电气实验室',
  });
  const listed = await bladeCall<{ records: { id: string }[] }>(
    page,
    'GET',
    `${B}/equipment/page?assetNo=${encodeURIComponent(assetNo)}`,
  );
  const id = listed.records[0].id;
  await bladeCall(page, 'POST', `${B}/equipmentMeasurementCertificate/save`, {
    equipmentId: id,
    certNo: `JL-${assetNo}`,
    agency: '省计量科学研究院',
    calibrationDate: daysFromNow(-30),
    validTo: daysFromNow(300),
    result: '合格',
  });
  return id;
}

test('an instrument booked in the week calendar, an overlapping booking refused', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page);
  const assetNo = `LAB-E2E-${Date.now().toString(36)}`;
  const name = '绝缘电阻测试仪';
  await greenInstrument(page, assetNo, name);

  await page.goto('/laboratory/equipmentUsage');
  await page.getByRole('tab', { name: '周历' }).click();
  await page.getByRole('button', { name: '下一周' }).click();
  const monday = nextMonday();
  const bookOnce = async () => {
    await page.getByRole('button', { name: `预约 ${monday}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: '设备' }).click();
    await page.getByRole('option', { name: `${assetNo} ${name}` }).click();
    await dialog.getByLabel('用途').fill('隔爆外壳绝缘电阻试验');
    await dialog.getByRole('button', { name: '保存' }).click();
    return dialog;
  };

  // Booked from the day's button at the form's default hour (09:00–10:00): the day shows it.
  let dialog = await bookOnce();
  await expect(dialog).toBeHidden();
  const day = page.locator(`[data-day="${monday}"]`);
  await expect(day).toContainText(`${monday.slice(5)} 09:00`);
  await expect(day).toContainText(assetNo);
  await shot(page, 'laboratory-week');

  // The same hour again: the constraint's refusal, in words, and the dialog stays open with what was chosen.
  dialog = await bookOnce();
  await expect(dialog.getByRole('alert')).toContainText('该时段与已有预约');
  await expect(dialog.getByRole('alert')).toContainText(`${monday} 09:00`);
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(day.getByText(assetNo)).toHaveCount(1);
});

test('the alert pages: an expiry configuration added on the screen, the progress tracks shown', async ({
  page,
}) => {
  await login(page);
  await page.goto('/alerts/certExpire');
  const configName = `LAB-E2E 到期提醒 ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('提醒名称').fill(configName);
  await dialog.getByLabel('提前天数').fill('90,30');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(configName)).toBeVisible();
  await shot(page, 'alerts-cert-expire');

  await page.goto('/alerts/nodeProgress');
  await expect(page.getByRole('tab', { name: '粗跟踪' })).toBeVisible();
  await page.getByRole('tab', { name: '细跟踪' }).click();
  await shot(page, 'alerts-node-progress');
});
