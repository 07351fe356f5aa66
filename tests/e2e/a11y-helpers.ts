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

/**
 * axe's serious and critical violations on the settled screen. axe reads the computed colours of the moment, and a
 * screen may still be changing after the network went quiet (a slow hydration fetches late): a select disabled while
 * its options load fades its label from the disabled grey to the label colour over MUI's 200 ms transition, and read
 * in between, the grey fails the contrast rule although the settled screen passes (CI saw it on /system/region). So a
 * run counts only when no CSS transition was running and nothing in the page changed while axe read it; otherwise it
 * waits for the transitions and reads again (ten rounds at most, then the last reading stands). The CSP forbids the
 * usual shortcut of injecting a style that switches transitions off; looping animations (a spinner) never end and are
 * not waited for.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const transitions = () => document.getAnimations().filter((a) => a instanceof CSSTransition);
    let violations: AxeViolation[] = [];
    for (let round = 0; round < 10; round++) {
      await Promise.all(transitions().map((a) => a.finished.catch(() => undefined)));
      let changed = false;
      const observer = new MutationObserver(() => (changed = true));
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      });
      observer.disconnect();
      violations = result.violations;
      if (!changed && transitions().length === 0) break;
    }
    return violations;
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
