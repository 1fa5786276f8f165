import axe from 'axe-core';
import type { Page } from 'puppeteer-core';

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> };

/** The serious and critical axe-core violations of the page as it stands. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    // In the page: axe-core (just injected) runs on the whole document.
    const { axe: injected, document: wholePage } = globalThis as unknown as {
      axe: { run: (context: unknown, options: object) => Promise<{ violations: Violation[] }> };
      document: unknown;
    };
    const outcome = await injected.run(wholePage, { resultTypes: ['violations'] });
    return outcome.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => ({ target: node.target })),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes)}`,
    );
}
