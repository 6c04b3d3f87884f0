import type { Adapters } from '../platform/adapters';
import { seedAccounts } from './seed-accounts';
import { seedOwnerBranding } from './seed-branding';
import type { RenderCache } from './render-cache';
import { createSeedContext, type SeedContext } from './seed-context';
import { seedProducts } from './seed-products';
import { seedShootings } from './seed-shootings';
import { seedInspections } from './seed-inspections';
import { seedStamps } from './seed-stamps';
import { seedStatistics } from './seed-statistics';

export interface SeedStep {
  name: string;
  /** Writes what is missing and leaves what exists: every step can run again, or after a crash. */
  run(ctx: SeedContext): Promise<void>;
}

/** The demo data, step by step, in dependency order. Modules add their own demo data as further steps. */
export const DEMO_SEED_STEPS: readonly SeedStep[] = [
  { name: 'accounts', run: ({ adapters }) => seedAccounts(adapters) },
  { name: 'owner branding', run: seedOwnerBranding },
  { name: 'stamps', run: seedStamps },
  { name: 'products', run: seedProducts },
  { name: 'shootings', run: seedShootings },
  { name: 'inspections', run: seedInspections },
  { name: 'player statistics', run: seedStatistics },
];

/**
 * Seeds the demo dealer data on first start; running it again changes nothing. Renders are kept in the
 * machine's render cache unless `renders` says otherwise (a fresh cache measures a cold seed).
 */
export async function seedDemo(
  adapters: Adapters,
  opts: { steps?: readonly SeedStep[]; renders?: RenderCache } = {},
): Promise<void> {
  const ctx = createSeedContext(adapters, opts.renders);
  for (const step of opts.steps ?? DEMO_SEED_STEPS) await step.run(ctx);
}
