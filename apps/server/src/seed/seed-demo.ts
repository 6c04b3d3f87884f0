import type { Adapters } from '../platform/adapters';
import { seedAccounts } from './seed-accounts';

/** Seeds the demo dealer data on first start; running it again changes nothing. */
export async function seedDemo(adapters: Adapters): Promise<void> {
  await seedAccounts(adapters);
}
