// axe-core on the app's pages for the accessibility journey (issues 39 and 40): critical and
// serious violations fail it, moderate and minor ones are printed for the reader.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** One line per rule and up to five of its elements, so a failure reads without the JSON. */
function describeViolations(where: string, violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    ${node.target.join(' ')}  ${node.html.slice(0, 160)}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `${where}: [${violation.impact}] ${violation.id} (${violation.nodes.length}): ${violation.help}\n${nodes}${more}`;
    })
    .join('\n');
}

/** Moderate and minor findings are printed for the reader, not failed on. */
const report = (text: string) => process.stdout.write(`${text}\n`);

/** The page once its data has come: a level-1 heading and no spinner left. */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** The critical and serious violations of the page as it is now (an open dialog included). */
export async function axeFailures(page: Page, where: string): Promise<string[]> {
  const started = Date.now();
  // A page without frames needs no cross-frame run: axe.run in the page (legacy mode) finds what
  // runPartial and finishRun find, without a blank page opened and given axe for every scan, which
  // took a third of each scan's time. Pages with frames keep the default. Both modes gave the same
  // violations, node for node, on every route here, with and without planted violations.
  const frameless = page.frames().length === 1;
  const violations = await Promise.race([
    // A mail in the outbox is shown in an empty sandbox, where no script (axe's neither) may run.
    new AxeBuilder({ page })
      .exclude('iframe[sandbox=""]')
      // Experimental, so off by default: a control's name must contain its visible text.
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .setLegacyMode(frameless)
      .analyze()
      .then((results) => results.violations),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${where}: axe did not finish in 30 s`)), 30_000),
    ),
  ]);
  if (Date.now() - started > 5000) report(`${where}: axe took ${Date.now() - started} ms`);
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  const minor = violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) report(describeViolations(where, minor));
  return blocking.length > 0 ? [describeViolations(where, blocking)] : [];
}

/** Critical and serious violations of every route, in one colour scheme; the others are printed. */
export async function scan(page: Page, paths: string[], scheme: Scheme): Promise<string[]> {
  const failures: string[] = [];
  await page.emulateMedia({ colorScheme: scheme });
  for (const path of paths) {
    await page.goto(path);
    await settled(page);
    failures.push(...(await axeFailures(page, `${path} (${scheme})`)));
  }
  return failures;
}
