import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rule sets of WCAG 2.2 level AA, as the issue asks them checked. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe-core on what the page shows now and returns one readable line per violation and node, so a
 * spec can gather every screen's findings and fail once with all of them.
 */
export async function axeViolations(page: Page, screen: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${screen}: ${v.id} (${v.impact ?? ''}) at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`),
  );
}
