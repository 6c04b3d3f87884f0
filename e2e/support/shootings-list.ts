import { expect, type Locator, type Page } from '@playwright/test';

/** The list's type filters, as the English page names them. */
export type ShootingTypeLabel = 'Standard' | 'Videos' | 'Inspection' | 'Workshop video';

/** The list filtered on one type only and searched; answers the cards' links, newest first. */
export async function listOnly(page: Page, label: ShootingTypeLabel): Promise<Locator> {
  await page.goto('/shootings');
  await page.getByRole('checkbox', { name: label, exact: true }).check();
  // A type the account's models do not offer has no box (a salesperson has no inspections).
  for (const type of ['Standard', 'Videos', 'Inspection', 'Workshop video'] as const) {
    const box = page.getByRole('checkbox', { name: type, exact: true });
    if (type !== label && (await box.count())) await box.uncheck();
  }
  await page.getByRole('button', { name: 'Search' }).click();
  return page.locator('a[href^="/owners/"]');
}

/** The href of the list's first card of one type (the list filtered on that type only), checked against `suffix`. */
export async function firstDetailOf(page: Page, label: ShootingTypeLabel, suffix: RegExp): Promise<string> {
  const link = (await listOnly(page, label)).first();
  await expect(link).toHaveAttribute('href', suffix);
  return (await link.getAttribute('href'))!;
}
