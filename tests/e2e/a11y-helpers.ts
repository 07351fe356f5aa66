import type { Page } from '@playwright/test';
import type { MenuNode } from '@/lib/shared/menu';

// Issue 18: axe-core's WCAG 2 A/AA rules, serious and critical violations (tests/e2e/a11y.spec.ts for the login page,
// tests/e2e/demo.spec.ts for every screen of the demo administrator's menu). axe-core is injected from node_modules
// (the portal loads nothing from other hosts, and neither does its test).
const axeSource = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export async function seriousViolations(page: Page): Promise<string[]> {
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

export function leafPaths(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) =>
    n.children?.length
      ? leafPaths(n.children)
      : n.path.startsWith('/') && !n.path.startsWith('/myiframe')
        ? [n.path]
        : [],
  );
}
