import { expect, type Locator, type Page } from '@playwright/test';

// The work dashboard's tiles as a person sees them, and the lists they open (tests/e2e/dashboard.spec.ts on the
// suite's own data, tests/e2e/demo.spec.ts on the demo institute's).

/** The tab a tile's `kind` opens. */
const KIND_TABS: Record<string, string> = {
  paper: '纸质档案借阅',
  electronic: '电子档案借阅',
  batches: '付款批次',
};

/** The tiles once their counts have loaded: id, count and link. */
export async function readTiles(page: Page): Promise<{ id: string; count: number; href: string }[]> {
  await page.goto('/wel/index');
  const tiles = page.locator('[data-tile]');
  await expect(tiles.first()).toBeVisible();
  const n = await tiles.count();
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const tile = tiles.nth(i);
    const count = tile.getByTestId('tile-count');
    await expect(count).toHaveText(/^\d+$/);
    out.push({
      id: (await tile.getAttribute('data-tile'))!,
      count: Number(await count.textContent()),
      href: (await tile.getByRole('link').getAttribute('href'))!,
    });
  }
  return out;
}

/** The total the list's pager states ("1-10，共 23 条"; the grid and the hand-made tables say it alike). */
export async function listTotal(page: Page): Promise<number> {
  const pager: Locator = page.locator('.MuiTablePagination-displayedRows').first();
  await expect(pager).toHaveText(/\d/);
  const numbers = (await pager.textContent())!.match(/\d+/g)!;
  return Number(numbers.at(-1));
}

/** Opens each tile from the dashboard and checks the list it lands on: same filters, same total. */
export async function followTiles(page: Page, tiles: { id: string; count: number; href: string }[]) {
  for (const tile of tiles) {
    await page.goto('/wel/index');
    await page.locator(`[data-tile="${tile.id}"]`).getByRole('link').click();
    const target = new URL(tile.href, page.url());
    await expect(page).toHaveURL((url) => url.pathname === target.pathname && url.search === target.search);
    for (const [name, value] of target.searchParams) {
      if (name === 'kind') {
        // The screen's tab (archive borrowing, receipts and batches), not a search field.
        const tab = KIND_TABS[value];
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      } else {
        await expect(page.locator(`input[name="${name}"]`).first(), `${tile.id}: ${name}`).toHaveValue(value);
      }
    }
    await expect.poll(() => listTotal(page), { message: tile.id }).toBe(tile.count);
  }
}
