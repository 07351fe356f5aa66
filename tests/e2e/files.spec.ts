import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { login } from './helpers';
import { blade, pngBytes, shot } from './files-helpers';

/**
 * The archive journey of issue 5 through the real portal: configuration (function, catalogue, preset) → upload with
 * progress → preview → mark missing → unmark → mark problem → qualified replacement → stamp → download.
 */
const FUNCTION_CODE = 'e2e_contract';
const DATA_ID = 'R-2026-001';

interface Node {
  id: string;
  catalogName: string;
}

async function setUpCatalogue(page: Page): Promise<void> {
  // The file function through the configuration screen, the catalogue and preset through the same calls it uses.
  await page.goto('/system/fileConfiguration_detail');
  await expect(page.getByRole('heading', { name: '文件配置' })).toBeVisible();
  await page.getByRole('button', { name: '新增' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('功能编码').fill(FUNCTION_CODE);
  await dialog.getByLabel('功能名称').fill('端到端合同');
  await shot(page, 'files-config-function-zh');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page.getByRole('gridcell', { name: FUNCTION_CODE })).toBeVisible();

  const root = await blade<Node>(page, 'POST', '/api/blade-resource/fileCatalog/submit', {
    parentId: '0',
    catalogName: '合同档案',
    fileType: '0',
    canUpload: 1,
    canView: 1,
    canDownload: 1,
    canDel: 1,
    canCover: 1,
    needStamped: 1,
    canMultiUpload: 3,
    maxFileSize: 20,
  });
  await blade(page, 'POST', '/api/blade-resource/filePreset/submit', {
    functionCode: FUNCTION_CODE,
    fileCatalogId: root.id,
  });
  await page.getByRole('tab', { name: '文件目录' }).click();
  await expect(page.getByRole('gridcell', { name: /合同档案/ })).toBeVisible();
  await shot(page, 'files-config-catalog-zh');
}

test('archive journey: upload → preview → missing → problem → qualified → stamp → download', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  await setUpCatalogue(page);

  await page.goto(`/documents/query?functionCode=${FUNCTION_CODE}&dataId=${DATA_ID}`);
  await page.getByText('合同档案').first().click();
  const grid = page.getByRole('grid');

  // Upload with progress.
  const original = pngBytes(320, 200, [30, 120, 200]);
  await page.getByRole('button', { name: '上传', exact: true }).click();
  const upload = page.getByRole('dialog');
  await upload
    .getByTestId('upload-input')
    .setInputFiles({ name: '合同正本.png', mimeType: 'image/png', buffer: original });
  await upload.getByRole('button', { name: '开始上传' }).click();
  await expect(upload.getByText('已上传')).toBeVisible();
  await expect(upload.getByText('100%')).toBeVisible();
  await shot(page, 'files-upload-zh');
  await upload.getByRole('button', { name: '关闭' }).last().click();
  const row = grid.getByRole('row', { name: /合同正本\.png/ });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('not-stamped')).toHaveText('未签章 1');
  await shot(page, 'files-tree-zh');

  // Preview: the image inline through the proxy.
  await row.getByRole('button', { name: '预览' }).click();
  const image = page.getByTestId('preview-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await shot(page, 'files-preview-zh');
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();

  // Mark missing, then lift the mark (query view only).
  await page.getByRole('button', { name: '标记缺失' }).click();
  await expect(page.getByRole('button', { name: '取消缺失' })).toBeVisible();
  await shot(page, 'files-missing-zh');
  await page.getByRole('button', { name: '取消缺失' }).click();
  await expect(page.getByRole('button', { name: '标记缺失' })).toBeVisible();

  // Mark a problem with a remark, then qualify it with a replacement upload.
  await row.getByRole('button', { name: '标记问题' }).click();
  const problem = page.getByRole('dialog');
  await problem.getByLabel('问题备注').fill('扫描不清晰');
  await problem.getByRole('button', { name: '确定' }).click();
  await expect(row.getByText('问题文件')).toBeVisible();
  await expect(row.getByText('扫描不清晰')).toBeVisible();
  await shot(page, 'files-problem-zh');
  await row.getByRole('button', { name: '标记合格' }).click();
  const replace = page.getByRole('dialog');
  await replace.getByTestId('upload-input').setInputFiles({
    name: '合同正本-重扫.png',
    mimeType: 'image/png',
    buffer: pngBytes(320, 200, [20, 160, 60]),
  });
  await replace.getByRole('button', { name: '开始上传' }).click();
  await expect(replace.getByText('已上传')).toBeVisible();
  await replace.getByRole('button', { name: '关闭' }).last().click();
  await expect(row.getByText('问题文件')).toHaveCount(0);

  // Stamp: confirmation, the signing viewer in a frame, finish.
  await row.getByRole('button', { name: '签章' }).click();
  await expect(page.getByText('是否确认签章文件?')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('signing-frame')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: '签章加载中' })).toHaveCount(0);
  await shot(page, 'files-signing-zh');
  await page.getByRole('button', { name: '完成签章' }).click();
  await expect(row.getByText('已签章')).toBeVisible();
  // Only the replacement, which needs its own stamp, is still collected as not stamped.
  await expect(page.getByTestId('not-stamped')).toHaveText('未签章 1');

  // Download: the original bytes through getFileAuthKey + downloadById, in a new window.
  // The download may be attributed to the new window or to this page, depending on how the browser hands it over.
  const download = new Promise<Download>((resolve) => {
    page.on('download', resolve);
    page.context().on('page', (opened) => opened.on('download', resolve));
  });
  await row.getByRole('button', { name: '下载' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('合同正本.png');
  const bytes = await readFile((await file.path())!);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(
    createHash('sha256').update(original).digest('hex'),
  );

  // History: every action above is on record.
  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '历史' }).click();
  const history = page.getByRole('dialog');
  await expect(history.getByRole('cell', { name: '上传' }).first()).toBeVisible();
  await expect(history.getByRole('cell', { name: '标记问题' })).toBeVisible();
  await shot(page, 'files-history-zh');
  await history.getByRole('button', { name: '关闭' }).click();

  // The archive tree table of the same record.
  await page.getByRole('tab', { name: '树表' }).click();
  await page.getByRole('button', { name: '展开 合同档案' }).click();
  await expect(page.getByTestId('tree-file-row').first()).toBeVisible();
  await shot(page, 'files-tree-table-zh');
});

test('the archive screens in English', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page);
  const origin = new URL(page.url()).origin;
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: origin }]);
  await page.goto('/system/fileConfiguration_detail');
  await expect(page.getByRole('heading', { name: 'File configuration' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Catalogue presets' })).toBeVisible();
  await shot(page, 'files-config-en');
  await page.goto(`/documents/query?functionCode=${FUNCTION_CODE}&dataId=${DATA_ID}`);
  await expect(page.getByRole('heading', { name: 'Archive query' })).toBeVisible();
  await page.getByText('合同档案').first().click();
  await expect(page.getByRole('columnheader', { name: 'Problem remark' })).toBeVisible();
  await shot(page, 'files-tree-en');
});
