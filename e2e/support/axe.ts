import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rule sets of WCAG 2.2 level AA, as the issue asks them checked. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits until nothing on the page is moving: a menu or a dialog checked while it fades in has its colours
 * half blended with what is behind it, and fails contrast checks the settled screen passes (how soon axe
 * runs after the click depends on the machine). Endless animations (a spinner) do not count; after 10 s
 * the check runs anyway.
 */
export async function stillness(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
}

/**
 * Runs axe-core on what the page shows now (or on the part `include` selects: a feature's own screen, whose
 * frame the shell's checks cover) and returns one readable line per violation and node, so a spec can
 * gather every screen's findings and fail once with all of them.
 */
export async function axeViolations(
  page: Page,
  screen: string,
  { include }: { include?: string } = {},
): Promise<string[]> {
  await stillness(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  // Legacy mode runs axe in the page itself: the portal has no frames to cross, and the default mode opens
  // a blank page for every analysis, which doubles the time of a spec that checks forty screens.
  const { violations } = await builder
    .options({
      runOnly: { type: 'tag', values: WCAG_AA_TAGS },
      // Experimental in axe, so off by default, but a WCAG 2.1 A criterion (2.5.3 Label in Name).
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .setLegacyMode(true)
    .analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${screen}: ${v.id} (${v.impact ?? ''}) at ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`,
    ),
  );
}
