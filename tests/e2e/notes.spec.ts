import { expect, test } from '@playwright/test';
import { login } from './helpers';
import { signedIn, staffUser } from './journey-helpers';

// Notes end to end (issue 17): the platform administrator writes a note in 笔记 with the editor, shares it for
// reading with a user made through the admin API, and that user signs in and opens it under 与我共享, read only.
// Names start with notes-e2e- (the suite shares one portal).

const READER = { account: 'notes-e2e-reader', password: 'NotesE2e#2026', name: '笔记读者乙' };
const NOTE = 'notes-e2e-防爆标准笔记';

test('a note written with the editor, shared for reading, is opened read only by the other user', async ({
  page,
  browser,
}) => {
  await login(page);
  // No smaller seeded role holds the notes page: the reader is an administrator, with no share of their own.
  await staffUser(page, READER, 'administrator', READER.name);

  await page.goto('/administration/noteTree');
  await page.getByRole('button', { name: '新建笔记' }).click();
  await page.getByLabel('名称').fill(NOTE);
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('note-title')).toHaveText(NOTE);

  const editor = page.getByTestId('note-editor');
  await editor.click();
  await page.keyboard.type('隔爆外壳的接合面');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  // Bold carries into the new paragraph, as in any editor: turned off again.
  await page.getByRole('button', { name: '加粗' }).click();
  await page.keyboard.type('GB/T 3836.2-2021');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('button', { name: '保存' })).toBeDisabled();
  // What the server kept: the bold text survived the sanitiser.
  await expect(editor.locator('b, strong')).toHaveText('隔爆外壳的接合面');
  await page.screenshot({ path: 'test-results/notes-editor.png', fullPage: true });

  const row = page.getByTestId('note-node').filter({ hasText: NOTE });
  await row.getByRole('button', { name: new RegExp(`^操作 ${NOTE}`) }).click();
  await page.getByRole('menuitem', { name: '共享' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('共享对象').fill('notes-e2e');
  await page.getByRole('option', { name: new RegExp(READER.account) }).click();
  await expect(dialog.getByTestId('share-list')).toContainText(READER.name);
  await page.screenshot({ path: 'test-results/notes-share.png', fullPage: true });
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('共享');

  const reader = await signedIn(browser, READER);
  await reader.goto('/administration/noteTree');
  const shared = reader.getByTestId('shared-with-me');
  await shared.getByRole('button', { name: new RegExp(NOTE) }).click();
  await expect(reader.getByTestId('note-title')).toHaveText(NOTE);
  await expect(reader.getByText('只读：你对这篇笔记只有查看权限')).toBeVisible();
  const content = reader.getByTestId('note-readonly');
  await expect(content).toContainText('GB/T 3836.2-2021');
  await expect(content.locator('b, strong')).toHaveText('隔爆外壳的接合面');
  await expect(reader.getByTestId('note-editor')).toHaveCount(0);
  await expect(reader.getByRole('button', { name: '保存' })).toHaveCount(0);
  await reader.screenshot({ path: 'test-results/notes-reader.png', fullPage: true });
});

test('two editors of one note: the older save is refused with an offer to reload, and 历史版本 restores', async ({
  page,
}) => {
  const NAME = 'notes-e2e-两处编辑';
  await login(page);
  await page.goto('/administration/noteTree');
  await page.getByRole('button', { name: '新建笔记' }).click();
  await page.getByLabel('名称').fill(NAME);
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('note-title')).toHaveText(NAME);
  await page.getByTestId('note-editor').click();
  await page.keyboard.type('第一版');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('button', { name: '保存' })).toBeDisabled();

  // A second tab opens the same version, and saves first.
  const other = await page.context().newPage();
  await other.goto('/administration/noteTree');
  await other
    .getByTestId('note-node')
    .filter({ hasText: NAME })
    .getByRole('button', { name: NAME, exact: true })
    .click();
  await expect(other.getByTestId('note-editor')).toContainText('第一版');
  await other.getByTestId('note-editor').click();
  await other.keyboard.press('End');
  await other.keyboard.type('（另一处）');
  await other.getByRole('button', { name: '保存' }).click();
  await expect(other.getByRole('button', { name: '保存' })).toBeDisabled();

  // The first tab's save from the older version is refused in words; nothing of the other's is lost.
  await page.getByTestId('note-editor').click();
  await page.keyboard.press('End');
  await page.keyboard.type('（过时）');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByTestId('note-stale')).toBeVisible();
  await page.screenshot({ path: 'test-results/notes-stale.png', fullPage: true });
  await page.getByTestId('note-stale').getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByTestId('note-editor')).toContainText('第一版（另一处）');
  await expect(page.getByTestId('note-stale')).toHaveCount(0);

  // 历史版本: the first content restored, as a new version.
  await page.getByRole('button', { name: '历史版本' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^第2版/ }).click();
  await expect(dialog.getByTestId('version-content')).toHaveText('第一版');
  await page.screenshot({ path: 'test-results/notes-history.png', fullPage: true });
  await dialog.getByRole('button', { name: '恢复此版本' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('note-editor')).toHaveText('第一版');
  await expect(page.getByText('已恢复为第2版的内容（新版本）')).toBeVisible();
});
