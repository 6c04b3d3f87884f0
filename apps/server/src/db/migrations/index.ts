import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-initial';

/** Migrations in order. Each module that needs tables adds its file here; names sort by prefix. */
const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
