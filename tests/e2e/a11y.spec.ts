import { expect, test, type Page } from '@playwright/test';
import type { MenuNode } from '@/lib/shared/menu';
import { login } from './helpers';

// Issue 18: axe-core's WCAG 2 A/AA rules report no serious or critical violation on any screen of the menu. axe-core
// is injected from node_modules (the portal loads nothing from other hosts, and neither does its test).
const axeSource = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

function leafPaths(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) =>
    n.children?.length
      ? leafPaths(n.children)
      : n.path.startsWith('/') && !n.path.startsWith('/myiframe')
        ? [n.path]
        : [],
  );
}

/**
 * One screen of each kind and module: the shell and home, a generated resource screen, a tree, the archive catalogue,
 * the business lists and a case, the customer's screens, the laboratory, the archive room, notes, alerts, finance.
 * The suite's time is budgeted (CI under an hour), so it walks these; `A11Y_ALL=1` walks every screen of the menu.
 */
const SCREENS = [
  '/wel/index',
  '/system/user',
  '/system/menu',
  '/system/dict',
  '/authority/role',
  '/monitor/log/usual',
  '/resource/sms',
  '/tool/code',
  '/documents/query',
  '/businessManagement/cqst',
  '/businessManagement/paymentNote',
  '/businessManagement/certificate',
  '/businessManagement/cardSale',
  '/application/myApplication',
  '/application/form',
  '/application/myInvoice',
  '/laboratory/equipment',
  '/laboratory/equipmentUsage',
  '/laboratory/testFlowCard',
  '/documents/paperArchive',
  '/documents/archiveBorrowing',
  '/administration/noteTree',
  '/administration/contractManagement',
  '/alerts/certExpire',
  '/alerts/deliveries',
  '/info/index',
];

test('the login page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the screens have no serious or critical accessibility violation', async ({ page }) => {
  test.setTimeout(process.env.A11Y_ALL === '1' ? 1_800_000 : 300_000);
  await login(page);
  let paths = SCREENS;
  if (process.env.A11Y_ALL === '1') {
    const routes = (await (await page.request.get('/api/blade-system/menu/routes')).json()) as {
      data: MenuNode[];
    };
    paths = ['/wel/index', ...new Set(leafPaths(routes.data))];
  }
  for (const path of paths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect.soft(await seriousViolations(page), path).toEqual([]);
  }
});
